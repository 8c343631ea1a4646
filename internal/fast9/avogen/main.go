// Command avogen writes the amd64 assembly kernels of package fast9 and
// their Go stubs, with avo (github.com/mmcloughlin/avo). Package fast9 runs
// it by go generate (see fast9's kernels.go):
//
//	go tool avogen -out kernels_amd64.s -stubs kernels_amd64.go -pkg fast9
//
// The generated files are committed, so building fast9 needs neither this
// command nor avo.
//
// Each kernel is state.bandPhaseGo of propagate.go written out in
// assembly: the band rule on a queue of dirty masks, then naked singles on
// the bands it looked at, until neither leaves a mask dirty; one call does
// what propagate does between two stack rule passes. The queue loop, the
// triad tables, the rows' singles and the naked singles' bit-sliced adder
// are scalar; placing a row's single clears the new cells from the band's
// 9 digit masks at once: 8 digits in a YMM register, the ninth in a
// general register. With AVX2, a compare and a move mask give the digits
// that lost a cell; with AVX-512 (F and VL), a mask register spares digit
// d and VPTESTMD gives them directly.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The layout of fast9's state and tables (checked by fast9's tests).
const (
	offF      = 0   // state.f [27]uint32
	offU      = 108 // state.u [3]uint32
	offTri    = 120 // state.tri [27]uint16
	offPerm   = 0   // tables.perm [512]uint16
	offExpand = 1024
	offRows   = 3072 // tables.rows [3][512]uint64
	offPeers  = 15360
	offColumn = 15488
	full27    = 1<<27 - 1
	colRows   = 1 | 1<<9 | 1<<18
)

// laneIndex holds 0..7, one in each 32-bit lane of a YMM register.
var laneIndex Mem

func main() {
	ConstraintExpr("!noasm")

	laneIndex = GLOBL("laneIndex", RODATA|NOPTR)
	for i := range 8 {
		DATA(4*i, U32(i))
	}

	bandPhase("bandPhaseAVX2", false)
	bandPhase("bandPhaseAVX512", true)
	Generate()
}

// bandPhase writes the kernel name: func(st *uint32, t *uint16, dirty
// uint32) (seen uint32, ok bool), as state.bandPhaseGo, where st points to
// a state and t to a tables (the layouts above).
func bandPhase(name string, avx512 bool) {
	TEXT(name, NOSPLIT, "func(st *uint32, t *uint16, dirty uint32) (seen uint32, ok bool)")
	if avx512 {
		Doc(name + " is state.bandPhaseGo with AVX-512 (F, VL) and BMI1/BMI2.")
	} else {
		Doc(name + " is state.bandPhaseGo with AVX2 and BMI1/BMI2.")
	}
	Pragma("noescape")
	st := Load(Param("st"), GP64())
	tp := Load(Param("t"), GP64())
	dirty := Load(Param("dirty"), GP32())
	var yidx VecVirtual
	if !avx512 {
		yidx = YMM()
		VMOVDQU(laneIndex, yidx)
	}
	acc := GP32() // the masks looked at in the rounds before
	XORL(acc, acc)
	Label(name + "_round")
	seen := GP32()
	MOVL(dirty, seen)

	Label(name + "_loop")
	TESTL(dirty, dirty)
	JZ(LabelRef(name + "_done"))
	i := GP64()
	TZCNTL(dirty, i.As32())
	BLSRL(dirty, dirty)
	s := GP32()
	MOVL(Mem{Base: st, Index: i, Scale: 4, Disp: offF}, s)

	// rows: x = rows[0][s&0x1ff] | rows[1][s>>9&0x1ff] | rows[2][s>>18]
	rows := func(s GPVirtual) GPVirtual {
		x := GP64()
		a := GP64()
		MOVL(s, a.As32())
		ANDL(U32(0x1ff), a.As32())
		MOVQ(Mem{Base: tp, Index: a, Scale: 8, Disp: offRows}, x)
		MOVL(s, a.As32())
		SHRL(U8(9), a.As32())
		ANDL(U32(0x1ff), a.As32())
		ORQ(Mem{Base: tp, Index: a, Scale: 8, Disp: offRows + 8*512}, x)
		MOVL(s, a.As32())
		SHRL(U8(18), a.As32())
		ORQ(Mem{Base: tp, Index: a, Scale: 8, Disp: offRows + 16*512}, x)
		return x
	}
	x := rows(s)
	m := GP64()
	MOVQ(x, m)
	SHRQ(U8(32), m)
	p := GP32()
	MOVWLZX(Mem{Base: tp, Index: m, Scale: 2, Disp: offPerm}, p)
	MOVW(p.As16(), Mem{Base: st, Index: i, Scale: 2, Disp: offTri})
	CMPL(p, m.As32())
	JEQ(LabelRef(name + "_kept"))
	TESTL(U32(0x1ff), p)
	JZ(LabelRef(name + "_fail"))
	ANDL(Mem{Base: tp, Index: p.As64(), Scale: 4, Disp: offExpand}, s)
	MOVL(s, Mem{Base: st, Index: i, Scale: 4, Disp: offF})
	x2 := rows(s)
	MOVQ(x2, x)
	Label(name + "_kept")

	// b = i/9, nw = the rows' singles among the unsolved cells.
	b := GP64()
	IMUL3L(U32(57), i.As32(), b.As32())
	SHRL(U8(9), b.As32())
	nw := GP32()
	MOVL(x.As32(), nw)
	ANDL(Mem{Base: st, Index: b, Scale: 4, Disp: offU}, nw)
	JZ(LabelRef(name + "_loop"))
	un := GP32()
	ANDNL(Mem{Base: st, Index: b, Scale: 4, Disp: offU}, nw, un)
	MOVL(un, Mem{Base: st, Index: b, Scale: 4, Disp: offU})
	// The band's masks, at st + 36b; d = i - 9b.
	b9 := GP64()
	LEAQ(Mem{Base: b, Index: b, Scale: 8}, b9)
	base := GP64()
	LEAQ(Mem{Base: st, Index: b9, Scale: 4, Disp: offF}, base)
	d := GP64()
	MOVQ(i, d)
	SUBQ(b9, d)

	// The other digits' masks lose the cells of nw: ch is the digits whose
	// masks held one. Digit d keeps them (nw is in its mask).
	ch := GP32()
	if avx512 {
		// The mask registers hold the lanes to clear (the 8 digits
		// but d) and give the digits that lose a cell. (The 9 digits
		// in a ZMM register, with a masked or a whole 64-byte load
		// and store, took 5-10% more time on the EPYC measured.)
		k := GP32()
		MOVL(U32(0xff), k)
		BTRL(d.As32(), k) // d = 8 clears no bit: digit8 spares it
		kl := K()
		KMOVW(k, kl)
		yn := YMM()
		VPBROADCASTD(nw, yn)
		yf := YMM()
		VMOVDQU(Mem{Base: base}, yf)
		kc := K()
		VPTESTMD(yn, yf, kl, kc)
		VPANDND(yf, yn, kc, yf)
		VMOVDQU(yf, Mem{Base: base})
		KMOVW(kc, ch)
		digit8(base, nw, d, ch)
	} else {
		xn := XMM()
		MOVD(nw, xn)
		yn := YMM()
		VPBROADCASTD(xn, yn)
		yd := YMM()
		xd := XMM()
		MOVD(d.As32(), xd)
		VPBROADCASTD(xd, yd)
		VPCMPEQD(yidx, yd, yd) // lane d
		VPANDN(yn, yd, yn)     // nw in the lanes but d
		yf := YMM()
		VMOVDQU(Mem{Base: base}, yf)
		yc := YMM()
		VPAND(yf, yn, yc)
		VPXOR(yc, yf, yf)
		VMOVDQU(yf, Mem{Base: base})
		yz := YMM()
		VPXOR(yz, yz, yz)
		VPCMPEQD(yz, yc, yc)
		VMOVMSKPS(yc, ch)
		XORL(U32(0xff), ch)
		digit8(base, nw, d, ch)
	}
	SHLXL(b9.As32(), ch, ch)
	columns(st, i, nw, ch)
	ORL(ch, dirty)
	ORL(ch, seen)
	JMP(LabelRef(name + "_loop"))

	Label(name + "_done")
	// The naked singles of the bands looked at; then the band rule again
	// on the masks they changed, if any.
	ORL(seen, acc)
	nakedSingles(name, st, tp, seen, dirty.(GPVirtual))
	TESTL(dirty, dirty)
	JNZ(LabelRef(name + "_round"))
	MOVL(acc, seen)
	Store(seen, ReturnIndex(0))
	okb := GP8()
	MOVB(U8(1), okb)
	Store(okb, ReturnIndex(1))
	VZEROUPPER()
	RET()
	Label(name + "_fail")
	Store(seen, ReturnIndex(0))
	MOVB(U8(0), okb)
	Store(okb, ReturnIndex(1))
	VZEROUPPER()
	RET()
}

// digit8 clears the cells of nw from the mask of digit 8 of the band at
// base, unless d is 8, and adds bit 8 to ch if it held one.
func digit8(base, nw, d, ch GPVirtual) {
	{
		n8 := GP32()
		MOVL(nw, n8)
		zero := GP32()
		XORL(zero, zero)
		CMPL(d.As32(), U8(8))
		CMOVLEQ(zero, n8)
		f8 := GP32()
		MOVL(Mem{Base: base, Disp: 32}, f8)
		c8 := GP32()
		MOVL(f8, c8)
		ANDL(n8, c8)
		XORL(c8, f8)
		MOVL(f8, Mem{Base: base, Disp: 32})
		ADDL(U32(full27), c8)
		SHRL(U8(27), c8)
		SHLL(U8(8), c8)
		ORL(c8, ch)
	}
}

// columns clears the columns of nw from the masks of digit i's mask in
// the other bands and adds the masks it changed to ch.
func columns(st Register, i, nw, ch GPVirtual) {
	// The columns of nw: d's masks in the other bands lose them.
	cm := GP32()
	MOVL(nw, cm)
	t := GP32()
	MOVL(nw, t)
	SHRL(U8(9), t)
	ORL(t, cm)
	SHRL(U8(9), t)
	ORL(t, cm)
	ANDL(U32(0x1ff), cm)
	IMUL3L(U32(colRows), cm, cm)
	otherBands(st, i, cm, ch)
}

// otherBands clears the cells of cm from the masks of the same digit as
// mask i in the other bands and adds the masks it changed to ch.
func otherBands(st Register, i, cm, ch GPVirtual) {
	other := func(o GPVirtual) {
		fo := GP32()
		MOVL(Mem{Base: st, Index: o, Scale: 4, Disp: offF}, fo)
		c := GP32()
		MOVL(fo, c)
		ANDL(cm, c)
		XORL(c, fo)
		MOVL(fo, Mem{Base: st, Index: o, Scale: 4, Disp: offF})
		ADDL(U32(full27), c)
		SHRL(U8(27), c)
		SHLXL(o.As32(), c, c)
		ORL(c, ch)
	}
	// o1 = i+9 or i-18, o2 = i+18 or i-9 (mod 27).
	o1 := GP64()
	LEAQ(Mem{Base: i, Disp: 9}, o1)
	w := GP64()
	LEAQ(Mem{Base: i, Disp: -18}, w)
	CMPQ(o1, U8(27))
	CMOVQCC(w, o1)
	other(o1)
	o2 := GP64()
	LEAQ(Mem{Base: i, Disp: 18}, o2)
	LEAQ(Mem{Base: i, Disp: -9}, w)
	CMPQ(o2, U8(27))
	CMOVQCC(w, o2)
	other(o2)
}

// nakedSingles writes the naked singles pass of state.bandPhaseGo (see
// state.nakedSingles) on the bands of the masks in seen: it jumps to fail
// on a cell with no candidate and adds the masks that placing the singles
// changes to dirty.
func nakedSingles(name string, st, tp Register, seen, dirty GPVirtual) {
	for b := range 3 {
		skip := fmt.Sprintf("%s_band%d", name, b)
		TESTL(U32(0x1ff<<(9*b)), seen)
		JZ(LabelRef(skip))
		f := func(d int) Mem { return Mem{Base: st, Disp: offF + 4*(9*b+d)} }
		one, two := GP32(), GP32()
		MOVL(f(0), one)
		MOVL(one, two)
		ANDL(f(1), two)
		ORL(f(1), one)
		t := GP32()
		for d := 2; d < 9; d++ {
			MOVL(one, t)
			ANDL(f(d), t)
			ORL(t, two)
			ORL(f(d), one)
		}
		CMPL(one, U32(full27))
		JNE(LabelRef(name + "_fail"))
		ns := GP32()
		ANDNL(one, two, ns) // one &^ two
		uMem := Mem{Base: st, Disp: offU + 4*b}
		ANDL(uMem, ns)
		JZ(LabelRef(skip))
		// placeSingles: the digit of each cell from bit planes.
		p0, p1, p2 := GP32(), GP32(), GP32()
		MOVL(f(1), p0)
		ORL(f(3), p0)
		ORL(f(5), p0)
		ORL(f(7), p0)
		MOVL(f(2), p1)
		ORL(f(3), p1)
		ORL(f(6), p1)
		ORL(f(7), p1)
		MOVL(f(4), p2)
		ORL(f(5), p2)
		ORL(f(6), p2)
		ORL(f(7), p2)
		p3 := GP32() // taken now: placing a cell may change f(8)
		MOVL(f(8), p3)
		un := GP32()
		ANDNL(uMem, ns, un)
		MOVL(un, uMem)
		Label(skip + "_cell")
		c := GP64()
		TZCNTL(ns, c.As32())
		BLSRL(ns, ns)
		i := GP64()
		x := GP32()
		SHRXL(c.As32(), p0, i.As32())
		ANDL(U32(1), i.As32())
		SHRXL(c.As32(), p1, x)
		ANDL(U32(1), x)
		LEAL(Mem{Base: i, Index: x.As64(), Scale: 2}, i.As32())
		SHRXL(c.As32(), p2, x)
		ANDL(U32(1), x)
		LEAL(Mem{Base: i, Index: x.As64(), Scale: 4}, i.As32())
		SHRXL(c.As32(), p3, x)
		ANDL(U32(1), x)
		LEAL(Mem{Base: i, Index: x.As64(), Scale: 8, Disp: 9 * b}, i.As32())
		// The cell's peers in the band lose the digit, and its column
		// in the other bands.
		pe := GP32()
		MOVL(Mem{Base: tp, Index: c, Scale: 4, Disp: offPeers}, pe)
		fi := GP32()
		ANDNL(Mem{Base: st, Index: i, Scale: 4, Disp: offF}, pe, fi)
		MOVL(fi, Mem{Base: st, Index: i, Scale: 4, Disp: offF})
		cm := GP32()
		MOVL(Mem{Base: tp, Index: c, Scale: 4, Disp: offColumn}, cm)
		otherBands(st, i, cm, dirty)
		BTSL(i.As32(), dirty)
		TESTL(ns, ns)
		JNZ(LabelRef(skip + "_cell"))
		Label(skip)
	}
}
