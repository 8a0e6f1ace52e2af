/*
 * A stand-in for bcryptprimitives.dll's ProcessPrng, which the Go runtime
 * needs (Go 1.24 and later) and Wine 8 does not provide. It is used only to
 * run Haul.exe and its tests under Wine; Windows has the real one.
 */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!RtlGenRandom(data, chunk))
			return FALSE;
		data += chunk;
		len -= chunk;
	}
	return TRUE;
}
