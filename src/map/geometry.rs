//! What the map draws, as coloured 2D lines and triangles on the floor plan
//! (world metres, x and z). Each wall's, obstacle's, floor's and floor
//! edge's shape is built when a view needs it (the renderer keeps them by
//! tile); the eye, trail,
//! marks, grid, reach and seen walls are built per frame. The renderer
//! turns these into GPU buffers; nothing here knows about the GPU.

use glam::Vec2;

use super::bounds::PlanBounds;
use super::gaps::NearMiss;
use super::marks::Marks;
use super::outline::rounded_outline;
use super::reach::Reachable;
use super::seen::SeenWalls;
use super::trail::Trail;
use super::view::MapView;
use crate::collision::{Collider, ConvexPolygon, HeightEdge, Heights, Leaf};
use crate::level::Light;
use crate::physics::LooseBody;

/// Linear RGBA colours of the map. The background is dark and walls are
/// bright, so that walls can be found in a screenshot by their brightness.
pub mod colours {
    /// Behind everything in the full map.
    pub const BACKGROUND: [f32; 4] = [0.012, 0.014, 0.022, 1.0];
    /// A wall's segment.
    pub const WALL: [f32; 4] = [1.0, 1.0, 0.92, 1.0];
    /// The outline a wall's radius keeps the eye out of (fainter).
    pub const CLEARANCE: [f32; 4] = [1.0, 0.75, 0.15, 0.35];
    /// An obstacle's polygon, filled translucently.
    pub const OBSTACLE_FILL: [f32; 4] = [0.1, 0.7, 1.0, 0.25];
    /// An obstacle's edges.
    pub const OBSTACLE: [f32; 4] = [0.1, 0.85, 1.0, 1.0];
    /// The outline the body radius keeps the eye out of around an obstacle.
    pub const BODY: [f32; 4] = [0.3, 0.45, 1.0, 0.5];
    /// The eye's arrow.
    pub const EYE: [f32; 4] = [1.0, 0.2, 0.1, 1.0];
    /// The trail of the walk.
    pub const TRAIL: [f32; 4] = [0.2, 1.0, 0.35, 0.7];
    /// Numbered marks.
    pub const MARK: [f32; 4] = [1.0, 0.4, 1.0, 1.0];
    /// The 1 m grid.
    pub const GRID: [f32; 4] = [1.0, 1.0, 1.0, 0.07];
    /// Free space the eye can reach (`V`).
    pub const REACHABLE: [f32; 4] = [0.2, 0.9, 0.3, 0.22];
    /// A gap that misses being passable by less than 10 cm.
    pub const NEAR_MISS: [f32; 4] = [1.0, 0.1, 0.75, 1.0];
    /// Edit mode's cursor point.
    pub const CURSOR: [f32; 4] = [0.2, 1.0, 0.3, 1.0];
    /// A door's leaf, where it stands, open or closed.
    pub const DOOR: [f32; 4] = [1.0, 0.55, 0.15, 1.0];
    /// Edit mode's aimed item (as the 3D view's magenta).
    pub const AIMED: [f32; 4] = [1.0, 0.2, 1.0, 1.0];
    /// An edge between floors that the walker climbs or drops over: a
    /// step, fainter than a wall.
    pub const STEP: [f32; 4] = [0.6, 0.8, 1.0, 0.45];
    /// The shade of the lowest floor of a level with floors: brighter
    /// than the background (the void is left unshaded), far darker than
    /// a wall. Every channel is below [`FLOOR_HIGH`]'s, so the shades in
    /// between grow lighter in each channel as floors rise.
    pub const FLOOR_LOW: [f32; 4] = [0.06, 0.08, 0.12, 0.5];
    /// The shade of the highest floor, still darker than a wall.
    pub const FLOOR_HIGH: [f32; 4] = [0.3, 0.36, 0.45, 0.5];
}

/// Metres of wall per square metre that a density square draws at the
/// wall's full brightness: a perfect maze of 2 m cells has about 0.5
/// (about one 2 m wall per cell), and shows as solid as its merged lines
/// would.
pub const FULL_DENSITY: f32 = 0.5;

/// The opacity of a density square that holds the least wall: a lone
/// wall still shows.
const LEAST_DENSITY_OPACITY: f32 = 0.25;

/// Straight pieces per half circle of a clearance outline on the map
/// (fewer than the debug lines': a 300×300 maze has ninety thousand).
const ARC_PIECES: usize = 4;
/// Length of the eye's arrow, in pixels (the same at every zoom).
const ARROW_PIXELS: f32 = 16.0;
/// Half the size of a mark's digit, in pixels.
const MARK_PIXELS: f32 = 5.0;

/// Half the side of a lamp's dot, in pixels.
const LAMP_PIXELS: f32 = 3.0;

/// One vertex of the map's geometry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapVertex {
    /// Floor-plan position (x, z) in metres.
    pub position: Vec2,
    /// Linear RGBA colour.
    pub colour: [f32; 4],
}

/// Lines (pairs of vertices) and triangles (triples), drawn floors first,
/// then triangles, then lines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapGeometry {
    /// A line list.
    pub lines: Vec<MapVertex>,
    /// A triangle list.
    pub triangles: Vec<MapVertex>,
    /// A triangle list under everything else: the floors' shades.
    pub floors: Vec<MapVertex>,
}

impl MapGeometry {
    /// Adds the line `p`–`q`.
    pub fn line(&mut self, p: Vec2, q: Vec2, colour: [f32; 4]) {
        for position in [p, q] {
            self.lines.push(MapVertex { position, colour });
        }
    }

    /// Adds the triangle `p`, `q`, `r`.
    pub fn triangle(&mut self, [p, q, r]: [Vec2; 3], colour: [f32; 4]) {
        for position in [p, q, r] {
            self.triangles.push(MapVertex { position, colour });
        }
    }

    /// Adds `other`'s lines, triangles and floors.
    pub fn append(&mut self, other: &mut Self) {
        self.lines.append(&mut other.lines);
        self.triangles.append(&mut other.triangles);
        self.floors.append(&mut other.floors);
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.triangles.is_empty() && self.floors.is_empty()
    }
}

/// Wall `index` of `collider` as the map draws it: its segment and, when
/// `outlines` ([`MapView::shows_outlines`]), the fainter outline its radius
/// keeps the eye out of; `None` for a wall with non-finite geometry or an
/// index beyond the walls.
pub fn wall_shape(collider: &Collider, index: usize, outlines: bool) -> Option<MapGeometry> {
    let wall = collider.walls().get(index)?;
    if !(wall.a.is_finite() && wall.b.is_finite() && wall.radius.is_finite()) {
        return None;
    }
    let mut geometry = MapGeometry::default();
    if outlines {
        for [p, q] in rounded_outline(&[wall.a, wall.b], wall.radius, ARC_PIECES) {
            geometry.line(p, q, colours::CLEARANCE);
        }
    }
    geometry.line(wall.a, wall.b, colours::WALL);
    Some(geometry)
}

/// An edge between floors of `heights` (or a piece of one) as the map
/// draws it: as a wall ([`colours::WALL`]) where the walker cannot cross
/// it from its lower side (too high a step, too low a ceiling, the void),
/// else as a step ([`colours::STEP`]).
pub fn floor_edge_shape(heights: &Heights, edge: &HeightEdge) -> MapGeometry {
    let (_, climbable) = heights.edge_floors(edge);
    let colour = if climbable {
        colours::STEP
    } else {
        colours::WALL
    };
    let mut geometry = MapGeometry::default();
    geometry.line(edge.a, edge.b, colour);
    geometry
}

/// The shade of a floor at `height` in a level whose floors lie from
/// `range.0` to `range.1` ([`Heights::floor_range`]): from
/// [`colours::FLOOR_LOW`] at the lowest to [`colours::FLOOR_HIGH`] at the
/// highest, in proportion to the height; the middle shade when every
/// floor is at one height, or for a height that is not a number.
pub fn floor_shade(height: f32, (low, high): (f32, f32)) -> [f32; 4] {
    let share = (height - low) / (high - low);
    let share = if share.is_finite() {
        share.clamp(0.0, 1.0)
    } else {
        0.5
    };
    std::array::from_fn(|channel| {
        let (from, to) = (colours::FLOOR_LOW[channel], colours::FLOOR_HIGH[channel]);
        from + (to - from) * share
    })
}

/// A convex piece of a floor (its corners in order around it) filled in
/// `shade` ([`floor_shade`]), under everything else the map draws.
pub fn floor_piece_shape(outline: &[Vec2], shade: [f32; 4]) -> MapGeometry {
    let mut geometry = MapGeometry::default();
    for index in 1..outline.len().saturating_sub(1) {
        for position in [outline[0], outline[index], outline[index + 1]] {
            geometry.floors.push(MapVertex {
                position,
                colour: shade,
            });
        }
    }
    geometry
}

/// An obstacle as the map draws it: its polygon filled, its edges, and,
/// when `outlines`, the fainter outline a body of `body_radius` keeps out
/// of.
pub fn obstacle_shape(obstacle: &ConvexPolygon, body_radius: f32, outlines: bool) -> MapGeometry {
    let points = obstacle.points();
    let mut geometry = MapGeometry::default();
    for index in 1..points.len().saturating_sub(1) {
        geometry.triangle(
            [points[0], points[index], points[index + 1]],
            colours::OBSTACLE_FILL,
        );
    }
    if outlines {
        for [p, q] in rounded_outline(points, body_radius, ARC_PIECES) {
            geometry.line(p, q, colours::BODY);
        }
    }
    for (index, &p) in points.iter().enumerate() {
        geometry.line(p, points[(index + 1) % points.len()], colours::OBSTACLE);
    }
    geometry
}

/// A square of side `side` from `min` holding `wall_length` metres of
/// wall, as the zoomed-out map draws it ([`MapDetail::Density`](super::MapDetail::Density)): two
/// triangles in the wall's colour, as opaque as the square is full of
/// walls ([`FULL_DENSITY`]), never fainter than a lone wall's shade.
/// Nothing for a square with no wall.
pub fn density_square(min: Vec2, side: f32, wall_length: f32) -> MapGeometry {
    let mut geometry = MapGeometry::default();
    let fullness = wall_length / (side * side * FULL_DENSITY);
    if !(fullness > 0.0 && min.is_finite() && side > 0.0) {
        return geometry;
    }
    let [r, g, b, _] = colours::WALL;
    let colour = [r, g, b, fullness.clamp(LEAST_DENSITY_OPACITY, 1.0)];
    let max = min + side;
    let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
    geometry.triangle([corners[0], corners[1], corners[2]], colour);
    geometry.triangle([corners[0], corners[2], corners[3]], colour);
    geometry
}

/// What moves with the walk, drawn over the level's shapes each frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct WalkLayer<'a> {
    /// The eye (x, z) and its heading in radians, drawn as an arrow.
    pub eye: Option<(Vec2, f32)>,
    /// The walk so far.
    pub trail: Option<&'a Trail>,
    /// Numbered marks.
    pub marks: Option<&'a Marks>,
    /// Where the eye can go (`V`).
    pub reach: Option<&'a Reachable>,
    /// Gaps to mark.
    pub near_misses: &'a [NearMiss],
    /// Draw these shapes instead of the level's uploaded ones: every
    /// obstacle, and only the walls seen so far (walking mode).
    pub seen_only: Option<SeenShapes<'a>>,
    /// Edit mode's cursor point, and the chain's last point when a wall is
    /// in progress.
    pub cursor: Option<(Vec2, Option<Vec2>)>,
    /// The level's lamps, drawn as dots in their colour.
    pub lamps: &'a [Light],
    /// The doors' leaves where they stand, drawn filled in
    /// [`colours::DOOR`].
    pub doors: &'a [Leaf],
    /// Edit mode's aimed item: its outline as a closed line (a wall's two
    /// ends), drawn in [`colours::AIMED`].
    pub aimed: &'a [Vec2],
    /// The loose bodies where they are, drawn as obstacles are, with a
    /// cross at each one's centre: the mark for "loose".
    pub bodies: &'a [LooseBody],
}

/// The level's shapes with the walls seen so far.
#[derive(Debug, Clone, Copy)]
pub struct SeenShapes<'a> {
    /// The level's walls and obstacles; their map shapes are made per
    /// frame, for the seen walls and the obstacles in view only, so the
    /// cost follows what was seen, not the level's size.
    pub collider: &'a Collider,
    /// Which walls have been seen.
    pub seen: &'a SeenWalls,
}

/// The cursor cross's half size and the in-progress line, in pixels.
const CURSOR_PIXELS: f32 = 6.0;

/// The half size of the crosses that mark a near miss and a loose body,
/// in pixels.
const CROSS_PIXELS: f32 = 4.0;

/// The per-frame geometry for `overlay` seen through `view` in an image of
/// `size` pixels: the reach shading, the 1 m grid when
/// [`MapView::shows_grid`], the trail, marks, near misses and the eye's
/// arrow (sized in pixels, so they read at any zoom).
pub fn walk_layer_geometry(
    overlay: &WalkLayer<'_>,
    view: &MapView,
    size: (u32, u32),
) -> MapGeometry {
    let mut canvas = Canvas {
        geometry: MapGeometry::default(),
        view,
        visible: view.visible(size),
    };
    if let Some(reach) = overlay.reach {
        canvas.reach(reach);
    }
    if view.shows_grid() {
        canvas.grid();
    }
    if let Some(trail) = overlay.trail {
        canvas.trail(trail);
    }
    if let Some(marks) = overlay.marks {
        canvas.marks(marks);
    }
    canvas.lamps(overlay.lamps);
    canvas.doors(overlay.doors);
    canvas.bodies(overlay.bodies);
    canvas.aimed(overlay.aimed);
    canvas.near_misses(overlay.near_misses);
    if let Some(shapes) = overlay.seen_only {
        canvas.seen_shapes(shapes);
    }
    if let Some(cursor) = overlay.cursor {
        canvas.cursor(cursor);
    }
    if let Some(eye) = overlay.eye {
        canvas.eye(eye);
    }
    canvas.geometry
}

/// The overlay's geometry being drawn, one layer after another, bottom
/// first, with what every layer needs to know of the view.
struct Canvas<'a> {
    geometry: MapGeometry,
    view: &'a MapView,
    /// The part of the floor plan the image shows.
    visible: PlanBounds,
}

impl Canvas<'_> {
    /// `pixels` on screen, in metres on the plan.
    fn metres(&self, pixels: f32) -> f32 {
        pixels / self.view.pixels_per_metre
    }

    /// Whether the box from `min` to `max` shows at all.
    fn shows(&self, min: Vec2, max: Vec2) -> bool {
        self.visible.overlaps(&PlanBounds { min, max })
    }

    /// A filled axis-aligned square from `lo` to `hi`.
    fn square(&mut self, lo: Vec2, hi: Vec2, colour: [f32; 4]) {
        let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
        self.geometry
            .triangle([corners[0], corners[1], corners[2]], colour);
        self.geometry
            .triangle([corners[0], corners[2], corners[3]], colour);
    }

    /// A diagonal cross of half-size `half` at `centre`.
    fn cross(&mut self, centre: Vec2, half: f32, colour: [f32; 4]) {
        self.geometry.line(
            centre - Vec2::splat(half),
            centre + Vec2::splat(half),
            colour,
        );
        self.geometry.line(
            centre + Vec2::new(half, -half),
            centre + Vec2::new(-half, half),
            colour,
        );
    }

    /// A closed outline through `points`.
    fn outline(&mut self, points: &[Vec2], colour: [f32; 4]) {
        for (index, &p) in points.iter().enumerate() {
            self.geometry
                .line(p, points[(index + 1) % points.len()], colour);
        }
    }

    /// Where the eye can go (`V`): a shaded square per reachable cell.
    fn reach(&mut self, reach: &Reachable) {
        let half = reach.cell_size / 2.0;
        for cell in reach.cells() {
            let centre = reach.centre(cell);
            let (lo, hi) = (centre - half, centre + half);
            if self.shows(lo, hi) {
                self.square(lo, hi, colours::REACHABLE);
            }
        }
    }

    /// The 1 m grid over what shows.
    fn grid(&mut self) {
        let (lo, hi) = (self.visible.min.floor(), self.visible.max.ceil());
        for x in lo.x as i64..=hi.x as i64 {
            let x = x as f32;
            self.geometry
                .line(Vec2::new(x, lo.y), Vec2::new(x, hi.y), colours::GRID);
        }
        for z in lo.y as i64..=hi.y as i64 {
            let z = z as f32;
            self.geometry
                .line(Vec2::new(lo.x, z), Vec2::new(hi.x, z), colours::GRID);
        }
    }

    /// The walk so far.
    fn trail(&mut self, trail: &Trail) {
        let points: Vec<Vec2> = trail.points().collect();
        for pair in points.windows(2) {
            self.geometry.line(pair[0], pair[1], colours::TRAIL);
        }
    }

    /// The numbered marks, their digits sized in pixels.
    fn marks(&mut self, marks: &Marks) {
        let size = self.metres(MARK_PIXELS);
        for (number, at) in marks.iter() {
            for [p, q] in digit_strokes(number) {
                self.geometry
                    .line(at + p * size, at + q * size, colours::MARK);
            }
        }
    }

    /// Each lamp as a dot in its colour.
    fn lamps(&mut self, lamps: &[Light]) {
        let dot = Vec2::splat(self.metres(LAMP_PIXELS));
        for lamp in lamps {
            let (lo, hi) = (lamp.at - dot, lamp.at + dot);
            if self.shows(lo, hi) {
                let [r, g, b] = lamp.colour;
                self.square(lo, hi, [r, g, b, 1.0]);
            }
        }
    }

    /// The doors' leaves, filled and outlined (the outline keeps a leaf
    /// thinner than a pixel in sight).
    fn doors(&mut self, leaves: &[Leaf]) {
        for leaf in leaves.iter().filter(|leaf| !leaf.is_absent()) {
            let corners = leaf.corners();
            let (lo, hi) = corners
                .iter()
                .fold((corners[0], corners[0]), |(lo, hi), &c| {
                    (lo.min(c), hi.max(c))
                });
            if !self.shows(lo, hi) {
                continue;
            }
            self.geometry
                .triangle([corners[0], corners[1], corners[2]], colours::DOOR);
            self.geometry
                .triangle([corners[0], corners[2], corners[3]], colours::DOOR);
            self.outline(&corners, colours::DOOR);
        }
    }

    /// The loose bodies where they are, as obstacles are drawn, with a
    /// cross at each one's centre.
    fn bodies(&mut self, bodies: &[LooseBody]) {
        for body in bodies {
            let reach = Vec2::splat(body.reach());
            let centre = body.position();
            if !self.shows(centre - reach, centre + reach) {
                continue;
            }
            let points = body.world_outline();
            for index in 1..points.len().saturating_sub(1) {
                self.geometry.triangle(
                    [points[0], points[index], points[index + 1]],
                    colours::OBSTACLE_FILL,
                );
            }
            self.outline(points, colours::OBSTACLE);
            let half = self.metres(CROSS_PIXELS).min(body.reach() / 2.0);
            self.cross(centre, half, colours::OBSTACLE);
        }
    }

    /// Edit mode's aimed item: a closed outline, or a wall's two ends.
    fn aimed(&mut self, corners: &[Vec2]) {
        if corners.len() == 2 {
            self.geometry.line(corners[0], corners[1], colours::AIMED);
        } else {
            self.outline(corners, colours::AIMED);
        }
    }

    /// Each near miss as its gap and a cross at its middle.
    fn near_misses(&mut self, near_misses: &[NearMiss]) {
        let half = self.metres(CROSS_PIXELS);
        for miss in near_misses {
            let [p, q] = miss.ends;
            self.geometry.line(p, q, colours::NEAR_MISS);
            self.cross((p + q) / 2.0, half, colours::NEAR_MISS);
        }
    }

    /// Walking mode's shapes: the walls seen so far and every obstacle, in
    /// view.
    fn seen_shapes(&mut self, SeenShapes { collider, seen }: SeenShapes<'_>) {
        let outlines = self.view.shows_outlines();
        let visible = self.visible;
        // A box test first, so a long walk's many seen walls out of view
        // cost a comparison each, not a shape.
        let in_view = |index: usize| {
            collider.walls().get(index).is_some_and(|wall| {
                let reach = Vec2::splat(wall.radius.max(0.0));
                let around = PlanBounds {
                    min: wall.a.min(wall.b) - reach,
                    max: wall.a.max(wall.b) + reach,
                };
                around.overlaps(&visible)
            })
        };
        let walls = seen
            .iter()
            .filter(|&index| in_view(index))
            .filter_map(|index| wall_shape(collider, index, outlines));
        let body = Vec2::splat(collider.body_radius().max(0.0));
        let obstacles = collider
            .obstacles()
            .iter()
            .filter(|obstacle| {
                PlanBounds::around(obstacle.points().iter().copied()).is_some_and(|b| {
                    let grown = PlanBounds {
                        min: b.min - body,
                        max: b.max + body,
                    };
                    grown.overlaps(&visible)
                })
            })
            .map(|obstacle| obstacle_shape(obstacle, collider.body_radius(), outlines));
        for mut shape in walls.chain(obstacles) {
            let points = shape
                .lines
                .iter()
                .chain(&shape.triangles)
                .map(|vertex| vertex.position);
            if PlanBounds::around(points).is_some_and(|b| b.overlaps(&visible)) {
                self.geometry.append(&mut shape);
            }
        }
    }

    /// Edit mode's cursor cross, and the line from the wall in progress.
    fn cursor(&mut self, (cursor, chain_end): (Vec2, Option<Vec2>)) {
        let arm = self.metres(CURSOR_PIXELS);
        for offset in [Vec2::new(arm, arm), Vec2::new(arm, -arm)] {
            self.geometry
                .line(cursor - offset, cursor + offset, colours::CURSOR);
        }
        if let Some(end) = chain_end {
            self.geometry.line(end, cursor, colours::WALL);
        }
    }

    /// The eye's arrow along its heading.
    fn eye(&mut self, (eye, yaw): (Vec2, f32)) {
        if !(eye.is_finite() && yaw.is_finite()) {
            return;
        }
        let forward = Vec2::from_angle(yaw) * self.metres(ARROW_PIXELS);
        let side = forward.perp() * 0.35;
        self.geometry.triangle(
            [
                eye + forward * 0.6,
                eye - forward * 0.4 + side,
                eye - forward * 0.4 - side,
            ],
            colours::EYE,
        );
    }
}

/// The strokes of `digit` (0–9; larger numbers show their last digit) as a
/// seven-segment figure centred on the origin, 1 unit wide and 2 tall
/// (z down).
fn digit_strokes(digit: usize) -> impl Iterator<Item = [Vec2; 2]> {
    // Segments a (top) b c (right, top to bottom) d (bottom) e f (left,
    // bottom to top) g (middle), as bits 0..7.
    const SEGMENTS: [u8; 10] = [
        0b011_1111, 0b000_0110, 0b101_1011, 0b100_1111, 0b110_0110, 0b110_1101, 0b111_1101,
        0b000_0111, 0b111_1111, 0b110_1111,
    ];
    let (l, r, t, m, b) = (-0.5, 0.5, -1.0, 0.0, 1.0);
    let stroke = |x0: f32, z0: f32, x1: f32, z1: f32| [Vec2::new(x0, z0), Vec2::new(x1, z1)];
    let strokes = [
        stroke(l, t, r, t),
        stroke(r, t, r, m),
        stroke(r, m, r, b),
        stroke(l, b, r, b),
        stroke(l, m, l, b),
        stroke(l, t, l, m),
        stroke(l, m, r, m),
    ];
    let bits = SEGMENTS[digit % 10];
    strokes
        .into_iter()
        .enumerate()
        .filter(move |(segment, _)| bits & (1 << segment) != 0)
        .map(|(_, stroke)| stroke)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{ConvexPolygon, Wall};

    #[test]
    fn a_wall_is_one_bright_line_inside_its_fainter_clearance_outline() {
        let wall = Wall {
            a: Vec2::ZERO,
            b: Vec2::new(2.0, 0.0),
            radius: 0.25,
        };
        let collider = Collider::new(vec![wall], Vec::new(), 0.25);
        assert!(wall_shape(&collider, 1, true).is_none(), "no second wall");
        let plain = wall_shape(&collider, 0, false).expect("a finite wall");
        assert_eq!(plain.lines.len(), 2, "zoomed out: the segment alone");
        let lines = wall_shape(&collider, 0, true).expect("a finite wall").lines;
        let bright: Vec<_> = lines.iter().filter(|v| v.colour == colours::WALL).collect();
        assert_eq!(bright.len(), 2);
        assert_eq!([bright[0].position, bright[1].position], [wall.a, wall.b]);
        const { assert!(colours::CLEARANCE[3] < colours::WALL[3]) };
        assert_eq!(lines.len() - 2, 2 * (2 + 2 * ARC_PIECES));
    }

    #[test]
    fn floors_grow_lighter_in_every_channel_as_they_rise() {
        let range = (-0.5, 1.5);
        assert_eq!(floor_shade(-0.5, range), colours::FLOOR_LOW);
        assert_eq!(floor_shade(1.5, range), colours::FLOOR_HIGH);
        let shades: Vec<[f32; 4]> = [-0.5, -0.2, 0.0, 0.17, 0.34, 1.5]
            .into_iter()
            .map(|height| floor_shade(height, range))
            .collect();
        for pair in shades.windows(2) {
            assert!((0..3).all(|c| pair[0][c] < pair[1][c]), "{pair:?}");
            assert_eq!(pair[0][3], pair[1][3], "one opacity");
        }
        // Darker than a wall, lighter than the background (the void).
        for c in 0..3 {
            assert!(colours::FLOOR_HIGH[c] < colours::WALL[c]);
            assert!(colours::FLOOR_LOW[c] > colours::BACKGROUND[c]);
        }
        let middle = floor_shade(0.5, (0.0, 1.0));
        assert_eq!(floor_shade(2.0, (2.0, 2.0)), middle, "one height");
        assert_eq!(floor_shade(f32::NAN, range), middle);
        assert_eq!(floor_shade(9.0, range), colours::FLOOR_HIGH, "clamped");
    }

    #[test]
    fn a_floor_piece_is_a_fan_of_floor_triangles_and_an_edge_a_wall_or_a_step() {
        let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        let piece = floor_piece_shape(&square, colours::FLOOR_LOW);
        assert_eq!(piece.floors.len(), 2 * 3);
        assert!(piece.lines.is_empty() && piece.triangles.is_empty());
        assert!(floor_piece_shape(&square[..2], colours::FLOOR_LOW).is_empty());
        let floor = |x0: f32, height: f32| crate::collision::FloorOutline {
            points: vec![
                Vec2::new(x0, 0.0),
                Vec2::new(x0 + 1.0, 0.0),
                Vec2::new(x0 + 1.0, 1.0),
                Vec2::new(x0, 1.0),
            ],
            span: crate::collision::Span {
                floor: height,
                ceiling: height + 3.0,
            },
        };
        let stance = crate::collision::Stance {
            step: 0.4,
            headroom: 1.8,
        };
        let heights = Heights::new(&[floor(0.0, 0.3), floor(1.0, 1.0)], None, stance, 0.25);
        let colour_at = |x: f32| {
            let edge = heights
                .edges()
                .iter()
                .find(|e| e.a.x == x && e.b.x == x && e.a.y.min(e.b.y) == 0.0)
                .expect("an edge");
            floor_edge_shape(&heights, edge).lines[0].colour
        };
        assert_eq!(colour_at(0.0), colours::WALL, "the void");
        assert_eq!(colour_at(1.0), colours::WALL, "0.7 m up");
        let stepped = Heights::new(&[floor(0.0, 0.3), floor(1.0, 0.6)], None, stance, 0.25);
        let middle = stepped
            .edges()
            .iter()
            .find(|e| e.a.x == 1.0 && e.b.x == 1.0)
            .expect("the step");
        assert_eq!(
            floor_edge_shape(&stepped, middle).lines[0].colour,
            colours::STEP
        );
    }

    #[test]
    fn a_density_square_is_as_opaque_as_it_is_full_of_walls() {
        let opacity = |length: f32| {
            let square = density_square(Vec2::ZERO, 16.0, length);
            square.triangles.first().map(|v| v.colour[3])
        };
        assert_eq!(opacity(0.0), None, "no wall, no square");
        assert_eq!(opacity(f32::NAN), None);
        assert_eq!(opacity(1.0), Some(LEAST_DENSITY_OPACITY));
        let half = 16.0 * 16.0 * FULL_DENSITY / 2.0;
        assert_eq!(opacity(half), Some(0.5));
        assert_eq!(opacity(1e6), Some(1.0));
        let square = density_square(Vec2::new(16.0, 32.0), 16.0, 64.0);
        assert_eq!(square.triangles.len(), 6);
        let bounds = PlanBounds::around(square.triangles.iter().map(|v| v.position));
        assert_eq!(
            bounds,
            Some(PlanBounds {
                min: Vec2::new(16.0, 32.0),
                max: Vec2::new(32.0, 48.0)
            })
        );
    }

    #[test]
    fn an_obstacle_is_filled_and_outlined_twice() {
        let square =
            ConvexPolygon::new(vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]).expect("a square");
        assert!(
            obstacle_shape(&square, 0.3, false)
                .lines
                .iter()
                .all(|v| v.colour[3] >= 1.0)
        );
        let geometry = obstacle_shape(&square, 0.3, true);
        assert_eq!(geometry.triangles.len(), 2 * 3);
        let edges = geometry
            .lines
            .iter()
            .filter(|v| v.colour == colours::OBSTACLE)
            .count();
        let body = geometry
            .lines
            .iter()
            .filter(|v| v.colour == colours::BODY)
            .count();
        assert_eq!(edges, 2 * 4);
        assert!(body > edges);
    }

    #[test]
    fn seen_only_draws_seen_walls_and_obstacles_with_outlines_when_zoomed_in() {
        let square = crate::collision::ConvexPolygon::new(vec![
            Vec2::new(5.0, 5.0),
            Vec2::new(6.0, 5.0),
            Vec2::new(6.0, 6.0),
            Vec2::new(5.0, 6.0),
        ])
        .expect("a square");
        let wall = |x: f32| crate::collision::Wall {
            a: Vec2::new(x, -1.0),
            b: Vec2::new(x, 1.0),
            radius: 0.25,
        };
        let collider = Collider::new(vec![wall(1.0), wall(2.0)], vec![square], 0.25);
        let mut seen = SeenWalls::new(2);
        seen.mark(1);
        let overlay = WalkLayer {
            seen_only: Some(SeenShapes {
                collider: &collider,
                seen: &seen,
            }),
            ..WalkLayer::default()
        };
        let near = |pixels_per_metre| MapView {
            centre: Vec2::new(3.0, 2.0),
            pixels_per_metre,
        };
        let walls_at = |geometry: &MapGeometry, x: f32| {
            geometry
                .lines
                .iter()
                .filter(|v| v.colour == colours::WALL && v.position.x == x)
                .count()
        };
        let zoomed_in = walk_layer_geometry(&overlay, &near(20.0), (400, 400));
        assert_eq!(walls_at(&zoomed_in, 1.0), 0, "wall 0 was not seen");
        assert_eq!(walls_at(&zoomed_in, 2.0), 2, "wall 1 was");
        assert!(
            zoomed_in
                .lines
                .iter()
                .any(|v| v.colour == colours::CLEARANCE)
        );
        assert!(!zoomed_in.triangles.is_empty(), "the obstacle is filled");
        // Zoomed out, the outlines go; the seen wall stays.
        let zoomed_out = walk_layer_geometry(&overlay, &near(2.0), (400, 400));
        assert_eq!(walls_at(&zoomed_out, 2.0), 2);
        assert!(zoomed_out.lines.iter().all(|v| v.colour[3] >= 1.0));
    }

    #[test]
    fn the_arrow_points_along_the_heading_and_holds_the_eye() {
        let view = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 16.0,
        };
        let overlay = WalkLayer {
            eye: Some((Vec2::new(1.0, 2.0), std::f32::consts::FRAC_PI_2)),
            ..WalkLayer::default()
        };
        let arrow = walk_layer_geometry(&overlay, &view, (100, 100)).triangles;
        assert_eq!(arrow.len(), 3);
        // Yaw 90° looks along +z: the tip is 0.6 m (16 px at 16 px/m) below.
        assert!(arrow[0].position.distance(Vec2::new(1.0, 2.6)) < 1e-5);
        assert!(arrow[1].position.y < 2.0 && arrow[2].position.y < 2.0);
    }

    #[test]
    fn doors_in_view_are_filled_and_outlined_in_their_colour() {
        let view = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 10.0,
        };
        let leaf = |x: f32| Leaf::around(Vec2::new(x, 0.03), Vec2::new(x + 0.9, 0.03), 0.06);
        // One in view, one 100 m off (a 100-pixel image shows ±5 m).
        let doors = [leaf(1.0), leaf(100.0)];
        let overlay = WalkLayer {
            doors: &doors,
            ..WalkLayer::default()
        };
        let geometry = walk_layer_geometry(&overlay, &view, (100, 100));
        assert_eq!(geometry.triangles.len(), 6, "two triangles");
        assert!(geometry.triangles.iter().all(|v| v.colour == colours::DOOR));
        // Besides the 1 m grid's lines, the leaf's four edges.
        let edges: Vec<_> = geometry
            .lines
            .iter()
            .filter(|v| v.colour == colours::DOOR)
            .collect();
        assert_eq!(edges.len(), 8, "four edges");
        for vertex in geometry.triangles.iter().chain(edges) {
            assert!(
                (1.0..=1.9).contains(&vertex.position.x),
                "{:?}",
                vertex.position
            );
        }
    }

    #[test]
    fn the_aimed_item_is_a_closed_magenta_line_and_a_wall_one_segment() {
        let view = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 2.0,
        };
        let aimed_lines = |aimed: &[Vec2]| {
            let overlay = WalkLayer {
                aimed,
                ..WalkLayer::default()
            };
            let geometry = walk_layer_geometry(&overlay, &view, (100, 100));
            geometry
                .lines
                .iter()
                .filter(|v| v.colour == colours::AIMED)
                .map(|v| v.position)
                .collect::<Vec<_>>()
        };
        let wall = [Vec2::ZERO, Vec2::X];
        assert_eq!(aimed_lines(&wall), wall);
        let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        let lines = aimed_lines(&square);
        assert_eq!(lines.len(), 8, "four edges");
        assert_eq!(lines[6..], [Vec2::Y, Vec2::ZERO], "closed");
        assert!(aimed_lines(&[]).is_empty());
    }

    #[test]
    fn lamps_in_view_are_dots_in_their_colour() {
        let view = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 10.0,
        };
        let lamp = |x: f32, colour| Light {
            at: Vec2::new(x, 0.0),
            height: 2.5,
            colour,
            intensity: 1.0,
            radius: 8.0,
            base: None,
        };
        // One in view, one 100 m off (a 100-pixel image shows ±5 m).
        let lamps = [lamp(1.0, [1.0, 0.5, 0.25]), lamp(100.0, [0.0, 1.0, 0.0])];
        let overlay = WalkLayer {
            lamps: &lamps,
            ..WalkLayer::default()
        };
        let dots = walk_layer_geometry(&overlay, &view, (100, 100)).triangles;
        assert_eq!(dots.len(), 6, "two triangles for the lamp in view");
        assert!(dots.iter().all(|v| v.colour == [1.0, 0.5, 0.25, 1.0]));
        // 3 pixels each side of the lamp: 0.3 m at 10 px/m.
        assert!(
            dots.iter()
                .all(|v| (v.position - Vec2::new(1.0, 0.0)).abs().max_element() <= 0.3 + 1e-6)
        );
    }

    #[test]
    fn the_grid_appears_only_when_zoomed_in_and_digits_have_their_segments() {
        let overlay = WalkLayer::default();
        let far = MapView {
            centre: Vec2::ZERO,
            pixels_per_metre: 2.0,
        };
        assert!(walk_layer_geometry(&overlay, &far, (200, 200)).is_empty());
        let near = MapView {
            pixels_per_metre: 20.0,
            ..far
        };
        // 10 m across: 11 or 12 lines each way.
        let lines = walk_layer_geometry(&overlay, &near, (200, 200)).lines.len() / 2;
        assert!((22..=24).contains(&lines), "{lines}");
        assert_eq!(digit_strokes(8).count(), 7);
        assert_eq!(digit_strokes(1).count(), 2);
    }
}
