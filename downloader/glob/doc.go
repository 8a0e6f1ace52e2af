// Package glob expands numbered link patterns the way curl does.
//
//   - [001-120] stands for 001, 002, … 120: a range whose first number
//     starts with 0 keeps that many digits.
//   - [a-z] and [A-Z] stand for letters; [0-100:5] and [a-z:2] take steps.
//   - {jpg,png,gif} stands for each alternative in turn.
//   - Several ranges and sets in one link multiply: the last one turns
//     fastest, so p[1-2]-{a,b} gives p1-a, p1-b, p2-a, p2-b.
//   - A backslash before [ ] { } makes it a plain character.
//
// Square brackets and braces that do not form a valid range or set are
// part of the address and are left alone, as curl's --globoff advice
// intends for real addresses: an IPv6 site such as http://[::1]:8080/,
// PHP-style queries such as ?tag[]=x or ?a[0]=1, templates such as {id},
// a reversed range such as [9-1], or a range of mixed kinds such as [a-9].
package glob
