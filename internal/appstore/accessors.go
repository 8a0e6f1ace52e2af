package appstore

// The accessors of fyne.Preferences, each a one-line call of get, getList
// or set.

// Bool is the boolean key, false when unset.
func (p *Preferences) Bool(key string) bool { return get(p, key, false) }

// BoolWithFallback is the boolean key, fallback when unset.
func (p *Preferences) BoolWithFallback(key string, fallback bool) bool {
	return get(p, key, fallback)
}

// SetBool sets the boolean key.
func (p *Preferences) SetBool(key string, value bool) { p.set(key, value, false) }

// BoolList is the list of booleans key, empty when unset.
func (p *Preferences) BoolList(key string) []bool { return getList(p, key, []bool{}) }

// BoolListWithFallback is the list of booleans key, fallback when unset.
func (p *Preferences) BoolListWithFallback(key string, fallback []bool) []bool {
	return getList(p, key, fallback)
}

// SetBoolList sets the list of booleans key.
func (p *Preferences) SetBoolList(key string, value []bool) {
	p.set(key, append([]bool(nil), value...), false)
}

// Float is the number key, 0 when unset.
func (p *Preferences) Float(key string) float64 { return get(p, key, 0.0) }

// FloatWithFallback is the number key, fallback when unset.
func (p *Preferences) FloatWithFallback(key string, fallback float64) float64 {
	return get(p, key, fallback)
}

// SetFloat sets the number key.
func (p *Preferences) SetFloat(key string, value float64) { p.set(key, value, false) }

// FloatList is the list of numbers key, empty when unset.
func (p *Preferences) FloatList(key string) []float64 { return getList(p, key, []float64{}) }

// FloatListWithFallback is the list of numbers key, fallback when unset.
func (p *Preferences) FloatListWithFallback(key string, fallback []float64) []float64 {
	return getList(p, key, fallback)
}

// SetFloatList sets the list of numbers key.
func (p *Preferences) SetFloatList(key string, value []float64) {
	p.set(key, append([]float64(nil), value...), false)
}

// Int is the whole number key, 0 when unset.
func (p *Preferences) Int(key string) int { return get(p, key, 0) }

// IntWithFallback is the whole number key, fallback when unset.
func (p *Preferences) IntWithFallback(key string, fallback int) int { return get(p, key, fallback) }

// SetInt sets the whole number key.
func (p *Preferences) SetInt(key string, value int) { p.set(key, value, false) }

// IntList is the list of whole numbers key, empty when unset.
func (p *Preferences) IntList(key string) []int { return getList(p, key, []int{}) }

// IntListWithFallback is the list of whole numbers key, fallback when unset.
func (p *Preferences) IntListWithFallback(key string, fallback []int) []int {
	return getList(p, key, fallback)
}

// SetIntList sets the list of whole numbers key.
func (p *Preferences) SetIntList(key string, value []int) {
	p.set(key, append([]int(nil), value...), false)
}

// String is the text key, "" when unset.
func (p *Preferences) String(key string) string { return get(p, key, "") }

// StringWithFallback is the text key, fallback when unset.
func (p *Preferences) StringWithFallback(key, fallback string) string {
	return get(p, key, fallback)
}

// SetString sets the text key.
func (p *Preferences) SetString(key string, value string) { p.set(key, value, false) }

// StringList is the list of texts key, empty when unset.
func (p *Preferences) StringList(key string) []string { return getList(p, key, []string{}) }

// StringListWithFallback is the list of texts key, fallback when unset.
func (p *Preferences) StringListWithFallback(key string, fallback []string) []string {
	return getList(p, key, fallback)
}

// SetStringList sets the list of texts key.
func (p *Preferences) SetStringList(key string, value []string) {
	p.set(key, append([]string(nil), value...), false)
}

// RemoveValue forgets key.
func (p *Preferences) RemoveValue(key string) { p.set(key, nil, true) }

// AddChangeListener calls listener after every change.
func (p *Preferences) AddChangeListener(listener func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.listeners = append(p.listeners, listener)
}

// ChangeListeners are the functions called after every change.
func (p *Preferences) ChangeListeners() []func() {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]func(){}, p.listeners...)
}
