package render

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// Shape fills and strokes s on the image, anti-aliased: a stroke is
// filled as a quadrilateral per segment and a disc at each point (round
// joins and caps), dashes cut along the line (butt ends).
func (c *pngCanvas) Shape(s Shape) {
	if len(s.Points) == 0 {
		return
	}
	pts := make([]Point, len(s.Points))
	for k, p := range s.Points {
		pts[k] = Point{p.X * c.scale, p.Y * c.scale}
	}
	half := 0.0
	if s.Stroke.A != 0 && s.Width > 0 {
		half = math.Max(s.Width*c.scale, 1) / 2
	}
	// Only the shape's box is rasterized: a page is millions of pixels.
	box := image.Rectangle{}
	for k, p := range pts {
		r := image.Rect(int(math.Floor(p.X-half))-1, int(math.Floor(p.Y-half))-1, int(math.Ceil(p.X+half))+1, int(math.Ceil(p.Y+half))+1)
		if k == 0 {
			box = r
		} else {
			box = box.Union(r)
		}
	}
	box = box.Intersect(c.img.Bounds())
	if box.Empty() {
		return
	}
	for k := range pts {
		pts[k].X -= float64(box.Min.X)
		pts[k].Y -= float64(box.Min.Y)
	}
	if s.Fill.A != 0 && len(pts) > 2 {
		c.fill(box, s.Fill, func(z *vector.Rasterizer) { polygon(z, pts) })
	}
	if half == 0 {
		return
	}
	if s.Closed {
		pts = append(pts, pts[0])
	}
	c.fill(box, s.Stroke, func(z *vector.Rasterizer) {
		if s.Dash > 0 {
			for _, d := range dashes(pts, s.Dash*c.scale, s.Dash*c.scale*0.7) {
				segment(z, d[0], d[1], half)
			}
			return
		}
		for k := 1; k < len(pts); k++ {
			segment(z, pts[k-1], pts[k], half)
		}
		for _, p := range pts {
			polygon(z, circle(p.X, p.Y, half))
		}
	})
}

// fill rasterizes what add draws (in box's coordinates) and paints it in
// col in box.
func (c *pngCanvas) fill(box image.Rectangle, col color.RGBA, add func(z *vector.Rasterizer)) {
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	add(z)
	z.Draw(c.img, box, image.NewUniform(col), image.Point{})
}

// polygon adds a closed polygon to z, always turning the same way: the
// rasterizer adds up the coverage of overlapping polygons by their
// winding, so two turning opposite ways would cancel where they meet
// (the joints of a line, its round caps).
func polygon(z *vector.Rasterizer, pts []Point) {
	area := 0.0
	for k, p := range pts {
		q := pts[(k+1)%len(pts)]
		area += p.X*q.Y - q.X*p.Y
	}
	at := func(k int) Point { return pts[k] }
	if area < 0 {
		at = func(k int) Point { return pts[len(pts)-1-k] }
	}
	z.MoveTo(float32(at(0).X), float32(at(0).Y))
	for k := 1; k < len(pts); k++ {
		z.LineTo(float32(at(k).X), float32(at(k).Y))
	}
	z.ClosePath()
}

// segment adds the rectangle of a segment half wide each side.
func segment(z *vector.Rasterizer, a, b Point, half float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*half, dx/l*half
	polygon(z, []Point{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}})
}

// dashes cuts a polyline into dashes on and off long, along its length.
func dashes(pts []Point, on, off float64) [][2]Point {
	var out [][2]Point
	drawing, left := true, on
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		for pos := 0.0; pos < l; {
			step := math.Min(left, l-pos)
			p := Point{a.X + (b.X-a.X)*pos/l, a.Y + (b.Y-a.Y)*pos/l}
			q := Point{a.X + (b.X-a.X)*(pos+step)/l, a.Y + (b.Y-a.Y)*(pos+step)/l}
			if drawing {
				out = append(out, [2]Point{p, q})
			}
			pos += step
			left -= step
			if left <= 1e-9 {
				drawing = !drawing
				left = off
				if drawing {
					left = on
				}
			}
		}
	}
	return out
}
