package thumbnail

import "container/list"

// lru keeps thumbnails up to a number of bytes, dropping the least
// recently used first.
type lru struct {
	limit, bytes int64
	order        *list.List // of *entry, most recently used first
	byKey        map[string]*list.Element
}

type entry struct {
	key  string
	t    Thumb
	size int64
}

func newLRU(limit int64) *lru {
	return &lru{limit: limit, order: list.New(), byKey: map[string]*list.Element{}}
}

// sizeOf is what a thumbnail costs to keep: 4 bytes a pixel, and a little
// for the entry itself.
func sizeOf(t Thumb) int64 {
	const overhead = 64
	if t.Img == nil {
		return overhead
	}
	b := t.Img.Bounds()
	return int64(b.Dx())*int64(b.Dy())*4 + overhead
}

func (c *lru) get(key string) (Thumb, bool) {
	e, ok := c.byKey[key]
	if !ok {
		return Thumb{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry).t, true
}

func (c *lru) put(key string, t Thumb) {
	if e, ok := c.byKey[key]; ok {
		c.bytes -= e.Value.(*entry).size
		c.order.Remove(e)
		delete(c.byKey, key)
	}
	en := &entry{key: key, t: t, size: sizeOf(t)}
	if en.size > c.limit {
		return
	}
	c.byKey[key] = c.order.PushFront(en)
	c.bytes += en.size
	for c.bytes > c.limit {
		last := c.order.Back()
		old := last.Value.(*entry)
		c.order.Remove(last)
		delete(c.byKey, old.key)
		c.bytes -= old.size
	}
}
