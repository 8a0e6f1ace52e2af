package picker

import (
	"encoding/json"
	"slices"

	"fyne.io/fyne/v2"
)

// maxFilterSites bounds how many sites' filters are remembered; the one
// used longest ago is forgotten first.
const maxFilterSites = 200

// kindNames name the formats in the remembered filters.
var kindNames = [kindCount]string{"jpeg", "png", "gif", "webp", "svg", "other"}

// siteFilter is the picker's filter as remembered for one site.
type siteFilter struct {
	Site     string   `json:"site"`
	MinW     int      `json:"minWidth,omitempty"`
	MinH     int      `json:"minHeight,omitempty"`
	Hidden   []string `json:"hidden,omitempty"`
	Contains string   `json:"contains,omitempty"`
}

// siteFilters are the filters last used on each site, remembered in the
// preferences, so that a site's pictures are filtered the same way the
// next time.
type siteFilters struct{ prefs fyne.Preferences }

// all reads the remembered filters, the one used longest ago first.
func (s siteFilters) all() []siteFilter {
	var list []siteFilter
	if err := json.Unmarshal([]byte(s.prefs.String(prefSiteFilters)), &list); err != nil {
		return nil
	}
	return list
}

// load returns the filter last used on page's site, or the empty filter.
func (s siteFilters) load(page string) pickFilter {
	var f pickFilter
	site := siteKey(page)
	for _, sf := range s.all() {
		if sf.Site != site {
			continue
		}
		f.minW, f.minH, f.contains = sf.MinW, sf.MinH, sf.Contains
		for k, name := range kindNames {
			f.hidden[k] = slices.Contains(sf.Hidden, name)
		}
	}
	return f
}

// save remembers f as the filter of page's site.
func (s siteFilters) save(page string, f pickFilter) {
	site := siteKey(page)
	if site == "" {
		return
	}
	sf := siteFilter{Site: site, MinW: f.minW, MinH: f.minH, Contains: f.contains}
	for k, name := range kindNames {
		if f.hidden[k] {
			sf.Hidden = append(sf.Hidden, name)
		}
	}
	list := slices.DeleteFunc(s.all(), func(e siteFilter) bool { return e.Site == site })
	list = append(list, sf)
	if len(list) > maxFilterSites {
		list = list[len(list)-maxFilterSites:]
	}
	b, err := json.Marshal(list)
	if err == nil {
		s.prefs.SetString(prefSiteFilters, string(b))
	}
}
