package links

// lineCounter follows line numbers through consecutive raw tokens, counting
// "\r\n", "\n" and a lone "\r" as one line break each, even when a "\r\n"
// pair is split between two tokens.
type lineCounter struct {
	line      int
	pendingCR bool // the previous token ended with "\r"
}

// skipJoinedLF drops a leading "\n" that completes a "\r\n" begun by the
// previous token.
func (lc *lineCounter) skipJoinedLF(raw []byte) []byte {
	if lc.pendingCR && len(raw) > 0 && raw[0] == '\n' {
		return raw[1:]
	}
	return raw
}

// advance moves past one token's raw text.
func (lc *lineCounter) advance(raw []byte) {
	for i, b := range raw {
		switch b {
		case '\r':
			lc.line++
		case '\n':
			if !(i == 0 && lc.pendingCR) && !(i > 0 && raw[i-1] == '\r') {
				lc.line++
			}
		}
	}
	if len(raw) > 0 {
		lc.pendingCR = raw[len(raw)-1] == '\r'
	}
}
