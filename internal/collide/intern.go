package collide

// stateTable interns search states: an open-addressing hash table of node
// numbers keyed by the nodes' own keys. A search adds millions of states
// and looks each successor up; a Go map with a struct key spends most of
// that time hashing generically, while a key of a few integers hashes in
// a handful of multiplications.
type stateTable struct {
	slots []int32 // node number + 1; 0 is a free slot
}

func (k *key) hash() uint64 {
	h := uint64(uint32(k.ph[0])) | uint64(uint32(k.ph[1]))<<32
	h *= 0x9e3779b97f4a7c15
	h ^= uint64(uint32(k.neg[0])) | uint64(uint32(k.neg[1]))<<32
	h *= 0xff51afd7ed558ccd
	f := uint64(0)
	if k.flag {
		f = 1
	}
	h ^= uint64(uint32(k.neg[2])) | uint64(k.ctx)<<32 | f<<40
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>31
}

// claim reserves a slot for k as node number n, which the caller then
// appends, unless nodes already holds k; it reports whether it did.
func (t *stateTable) claim(nodes []node, k key, n int) bool {
	if len(t.slots) == 0 {
		t.slots = make([]int32, 1024)
	}
	mask := uint64(len(t.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		v := t.slots[i]
		if v == 0 {
			t.slots[i] = int32(n + 1)
			return true
		}
		if nodes[v-1].k == k {
			return false
		}
	}
}

// reset empties the table for reuse, unless it grew too big to be worth
// clearing for the next search (most searches are small).
func (t *stateTable) reset() {
	if len(t.slots) > 1<<16 {
		t.slots = nil
	}
	clear(t.slots)
}

// fit keeps the table at most half full, so probes stay short.
func (t *stateTable) fit(nodes []node) {
	if 2*len(nodes) <= len(t.slots) {
		return
	}
	t.slots = make([]int32, 2*len(t.slots))
	mask := uint64(len(t.slots) - 1)
	for n := range nodes {
		i := nodes[n].k.hash() & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = int32(n + 1)
	}
}
