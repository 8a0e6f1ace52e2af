package pages

import (
	"strings"

	"golang.org/x/net/html"
)

// currencySigns mark a price.
var currencySigns = []string{"$", "¥", "￥", "€", "£", "₩", "元", "₹", "NT$", "HK$"}

// maxPriceText is the longest text read as a price.
const maxPriceText = 40

// isShop says whether a page sells something: an element whose class, id
// or itemprop names a price holds a price.
func isShop(doc *html.Node) bool {
	found := false
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if found {
			return
		}
		if n.Type == html.ElementNode && isPrice(n) {
			found = true
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return found
}

// isPrice says whether an element is named a price and holds one.
func isPrice(n *html.Node) bool {
	names := strings.ToLower(attr(n, "class") + " " + attr(n, "id") + " " + attr(n, "itemprop"))
	if !strings.Contains(names, "price") {
		return false
	}
	t := strings.TrimSpace(textOf(n, maxPriceText+1))
	return len(t) <= maxPriceText && strings.ContainsAny(t, "0123456789") && containsAny(t, currencySigns)
}
