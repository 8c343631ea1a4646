package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"sync"

	"github.com/gosudoku/sudoku"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// PNG writes g as a PNG image of opt.CellSize pixels per cell (see SVG for
// what it draws), in the Go fonts.
func PNG(w io.Writer, g *sudoku.Grid, opt Options) error {
	l, err := checkOptions(g, opt)
	if err != nil {
		return err
	}
	c, err := newPNGCanvas(int(math.Ceil(l.w)), int(math.Ceil(l.h)), 1)
	if err != nil {
		return err
	}
	l.draw(c, g, opt)
	return c.encode(w)
}

// SheetPNG writes page (from 0) of s as a PNG image of the page at s.DPI
// (1240 by 1754 pixels for A4 at the default 150 dpi).
func SheetPNG(w io.Writer, s Sheet, page int) error {
	if err := s.checkLayout(); err != nil {
		return err
	}
	dpi := s.DPI
	if dpi == 0 {
		dpi = DefaultDPI
	}
	scale := float64(dpi) / 72
	pw, ph := s.PageSize()
	c, err := newPNGCanvas(int(math.Round(pw*scale)), int(math.Round(ph*scale)), scale)
	if err != nil {
		return err
	}
	if err := s.DrawPage(c, page); err != nil {
		return err
	}
	return c.encode(w)
}

// goFonts returns the parsed Go Regular and Go Bold fonts.
var goFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	var fs [2]*opentype.Font
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return fs, fmt.Errorf("render: Go font: %w", err)
		}
		fs[i] = f
	}
	return fs, nil
})

// pngCanvas draws on an RGBA image, scale pixels per unit.
type pngCanvas struct {
	img   *image.RGBA
	scale float64
	fonts [2]*opentype.Font // regular, bold
	faces map[faceKey]font.Face
}

type faceKey struct {
	bold bool
	size float64 // pixels
}

func newPNGCanvas(w, h int, scale float64) (*pngCanvas, error) {
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxPixels {
		return nil, fmt.Errorf("render: %w: %dx%d image (at most %d per side, %d pixels)", ErrSize, w, h, MaxSide, MaxPixels)
	}
	fs, err := goFonts()
	if err != nil {
		return nil, err
	}
	c := &pngCanvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), scale: scale, fonts: fs, faces: map[faceKey]font.Face{}}
	draw.Draw(c.img, c.img.Bounds(), image.White, image.Point{}, draw.Src)
	return c, nil
}

// Line fills the line's rectangle, its width at least one pixel, on
// whole pixels.
func (c *pngCanvas) Line(x1, y1, x2, y2, width float64, col color.RGBA) {
	half := math.Max(width*c.scale, 1) / 2
	x1, x2 = math.Min(x1, x2)*c.scale, math.Max(x1, x2)*c.scale
	y1, y2 = math.Min(y1, y2)*c.scale, math.Max(y1, y2)*c.scale
	r := image.Rect(int(math.Round(x1-half)), int(math.Round(y1-half)),
		int(math.Round(x2+half)), int(math.Round(y2+half)))
	if r.Dx() == 0 {
		r.Max.X++
	}
	if r.Dy() == 0 {
		r.Max.Y++
	}
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

func (c *pngCanvas) face(bold bool, size float64) font.Face {
	k := faceKey{bold, size}
	if f, ok := c.faces[k]; ok {
		return f
	}
	i := 0
	if bold {
		i = 1
	}
	f, err := opentype.NewFace(c.fonts[i], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// Only a size out of range fails, and sizes here are positive.
		return nil
	}
	c.faces[k] = f
	return f
}

func (c *pngCanvas) Text(x, y, size float64, st Style, s string) {
	px := size * c.scale
	if px < 1 {
		return
	}
	f := c.face(st.Bold(), px)
	if f == nil {
		return
	}
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(st.Color()), Face: f}
	adv := d.MeasureString(s)
	baseline := y*c.scale + CapHeight*px/2
	d.Dot = fixed.Point26_6{
		X: fixed.Int26_6(math.Round(x*c.scale*64)) - adv/2,
		Y: fixed.Int26_6(math.Round(baseline * 64)),
	}
	d.DrawString(s)
}

// encode writes the image as a PNG. Best speed compresses these images of
// a few flat colours nearly as well as the default level, several times
// faster.
func (c *pngCanvas) encode(w io.Writer) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, c.img)
}
