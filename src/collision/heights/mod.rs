//! Floors at different heights, in plan: Doom's sectors for a collider
//! that stays 2D. Each floor is a simple polygon with a floor and a
//! ceiling height; a floor that lies inside another is an island in it,
//! and a point belongs to the innermost floor that holds it, else to what
//! lies outside every floor: the ground, or the void where there is none.
//!
//! A walker stands on the highest floor its body circle overlaps, and
//! meets an edge between two floors as a wall of its own radius whenever
//! the two together would not let it stand at its feet' height (Doom's
//! `P_TryMove`): the higher floor is more than a step above the feet, the
//! lower ceiling less than the walker's height above the higher floor or
//! the feet. So a step is climbed, a ledge dropped from, a tunnel too low
//! refused, and the move keeps every guarantee of a move among walls.
//! The void lets no one in.
//!
//! Module map: `edges` the boundary between
//! floors cut into pieces with one floor on each side, `box_grid` those
//! pieces' broadphase, `innermost` the floor at a point; a floor's
//! polygon is `collision::outline`'s.

mod box_grid;
mod edges;
mod innermost;

use std::ops::ControlFlow;

use glam::{DVec2, Vec2};

use super::grid::Aabb;
use super::outline::Outline;
use super::segment::{distance_to_segment, segment_entry};
use super::shapes::Capsule;
use super::sweep::SweepHit;
use super::wall::Wall;
use box_grid::BoxGrid;
use innermost::Innermost;

/// How much lower a floor must be than its neighbour for the edge between
/// them to shade it from a lamp ([`Heights::first_drop`]): less is level
/// ground.
pub const DROP_FOR_LIGHT: f32 = 0.01;

pub use edges::HeightEdge;

/// A floor's heights: where its floor and its ceiling are, in metres above
/// the level's ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    /// The floor's height.
    pub floor: f32,
    /// The ceiling's height, above `floor`.
    pub ceiling: f32,
}

/// One floor as the collider takes it: its outline (a simple polygon,
/// either winding, at least three points) and its heights.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorOutline {
    /// The outline's points (x, z), in order.
    pub points: Vec<Vec2>,
    /// Its floor and ceiling.
    pub span: Span,
}

/// What a walker may climb and needs over its head, in metres.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stance {
    /// The highest step up it takes.
    pub step: f32,
    /// The headroom it needs between floor and ceiling.
    pub headroom: f32,
}

/// Where a body circle stands: the highest floor it overlaps and the
/// lowest ceiling over it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footing {
    /// The highest floor under the circle.
    pub floor: f32,
    /// The lowest ceiling over it.
    pub ceiling: f32,
}

/// The heights feet may stand at for a body to overlap both sides of an
/// edge: from `low` to `high`, empty when `low > high`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Standable {
    low: f32,
    high: f32,
}

impl Standable {
    /// Nowhere: the void, or too little headroom.
    const NOWHERE: Self = Self {
        low: f32::INFINITY,
        high: f32::NEG_INFINITY,
    };

    /// The feet heights from which a body overlaps both `one` and `other`
    /// (either `None`: the void): the higher floor at most a step above
    /// the feet, the lower ceiling at least the headroom above the higher
    /// floor and the feet.
    fn across(one: Option<Span>, other: Option<Span>, stance: Stance) -> Self {
        let (Some(one), Some(other)) = (one, other) else {
            return Self::NOWHERE;
        };
        let floor = one.floor.max(other.floor);
        let ceiling = one.ceiling.min(other.ceiling);
        if ceiling - floor < stance.headroom {
            return Self::NOWHERE;
        }
        Self {
            low: floor - stance.step,
            high: ceiling - stance.headroom,
        }
    }

    /// Whether feet at `feet` may stand there (never for NaN).
    fn holds(&self, feet: f32) -> bool {
        self.low <= feet && feet <= self.high
    }
}

/// Every floor of a level in plan, the edges between them, and the
/// queries a walker standing on them asks. Built once per level (linear
/// in the floors' corners times their edges), shared by reference.
#[derive(Debug, Clone, Default)]
pub struct Heights {
    outlines: Vec<Outline>,
    spans: Vec<Span>,
    /// What lies outside every floor: the ground, or `None`, the void.
    outside: Option<Span>,
    /// The floor at a point.
    innermost: Innermost,
    edges: Vec<HeightEdge>,
    /// Per edge, the feet heights from which it may be crossed.
    standable: Vec<Standable>,
    /// Per edge, the wall of the body radius it is when it blocks (`None`
    /// for non-finite geometry).
    capsules: Vec<Option<Capsule>>,
    stance: Stance,
    /// The edges, grown by `reach`.
    grid: BoxGrid,
    /// How far from an edge the grid files it: the body radius.
    reach: f32,
    /// The same floors with those that move (a lift's) moved: see
    /// [`with_moving_floors`](Self::with_moving_floors).
    moved: Option<Box<Heights>>,
}

impl Heights {
    /// The floors `floors` over `outside` (the ground's span, or `None`
    /// for the void), for a walker of `stance` whose body circle has
    /// radius `body_radius`. The floors must neither cross nor overlap
    /// unless one holds the other (the level checks it); the answers are
    /// still defined, and nothing panics, when they do.
    pub fn new(
        floors: &[FloorOutline],
        outside: Option<Span>,
        stance: Stance,
        body_radius: f32,
    ) -> Self {
        let outlines: Vec<Outline> = floors.iter().map(|f| Outline::new(&f.points)).collect();
        let spans: Vec<Span> = floors.iter().map(|f| f.span).collect();
        let innermost = Innermost::new(&outlines);
        let edges = edges::height_edges(&outlines, |p| innermost.at(&outlines, p));
        let span_of = |floor: Option<usize>| floor.map_or(outside, |i| Some(spans[i]));
        let standable = edges
            .iter()
            .map(|edge| Standable::across(span_of(edge.left), span_of(edge.right), stance))
            .collect();
        let reach = if body_radius.is_finite() {
            body_radius.max(0.0)
        } else {
            0.0
        };
        let boxes: Vec<Aabb> = edges
            .iter()
            .map(|edge| edge_box(edge, f64::from(reach)))
            .collect();
        let grid = BoxGrid::new(&boxes);
        let capsules = edges
            .iter()
            .map(|edge| {
                Capsule::from_wall(&Wall {
                    a: edge.a,
                    b: edge.b,
                    radius: reach,
                })
            })
            .collect();
        Self {
            outlines,
            spans,
            outside,
            innermost,
            edges,
            standable,
            capsules,
            stance,
            grid,
            reach,
            moved: None,
        }
    }

    /// These floors, knowing that some of them move: each of `moving`
    /// (a floor's index and the height it moves to) also stands at that
    /// height, as a lift's floor does when the lift is down. The walker's
    /// queries answer for the floors where they stand; those that ask of
    /// every way the floors may stand (where the walker can go at all)
    /// look at [`moved`](Self::moved) too.
    pub fn with_moving_floors(mut self, moving: &[(usize, f32)]) -> Self {
        if moving.is_empty() {
            return self;
        }
        let mut moved = self.clone();
        for &(floor, height) in moving {
            moved.set_floor_height(floor, height);
        }
        self.moved = Some(Box::new(moved));
        self
    }

    /// These floors with every floor that moves moved
    /// ([`with_moving_floors`](Self::with_moving_floors)); `None` when none
    /// moves.
    pub fn moved(&self) -> Option<&Heights> {
        self.moved.as_deref()
    }

    /// Whether there is nothing but the ground: no floor at all.
    pub fn is_flat(&self) -> bool {
        self.outlines.is_empty()
    }

    /// The walker's stance these heights were built for.
    pub fn stance(&self) -> Stance {
        self.stance
    }

    /// Every piece of the edges between floors, each once.
    pub fn edges(&self) -> &[HeightEdge] {
        &self.edges
    }

    /// The innermost floor holding `p` (its index among the floors as
    /// given), or `None` outside every floor.
    pub fn floor_at(&self, p: Vec2) -> Option<usize> {
        self.innermost.at(&self.outlines, p.as_dvec2())
    }

    /// The span of `floor` (an index from [`floor_at`](Self::floor_at) or
    /// a [`HeightEdge`]'s side), or of the outside for `None`; `None` for
    /// the void.
    pub fn span_of(&self, floor: Option<usize>) -> Option<Span> {
        match floor {
            Some(index) => self.spans.get(index).copied(),
            None => self.outside,
        }
    }

    /// The floor and ceiling at `p`: `None` in the void.
    pub fn span_at(&self, p: Vec2) -> Option<Span> {
        self.span_of(self.floor_at(p))
    }

    /// Where a body circle of `radius` centred on `centre` stands: the
    /// highest floor and the lowest ceiling among the floor holding the
    /// centre and those on either side of every edge closer than `radius`
    /// (a connected circle reaches no floor otherwise). The void adds
    /// nothing; `None` when the circle meets only the void.
    pub fn footing(&self, centre: Vec2, radius: f32) -> Option<Footing> {
        let mut footing: Option<Footing> = None;
        let mut add = |span: Option<Span>| {
            if let Some(span) = span {
                let next = footing.map_or(
                    Footing {
                        floor: span.floor,
                        ceiling: span.ceiling,
                    },
                    |f| Footing {
                        floor: f.floor.max(span.floor),
                        ceiling: f.ceiling.min(span.ceiling),
                    },
                );
                footing = Some(next);
            }
        };
        add(self.span_at(centre));
        let radius = radius.min(self.reach);
        let near = point_box(centre.as_dvec2(), f64::from(radius));
        self.grid.visit_boxes_in(&near, |index| {
            let edge = &self.edges[index as usize];
            if distance_to_segment(centre, edge.a, edge.b) < radius {
                add(self.span_of(edge.left));
                add(self.span_of(edge.right));
            }
            ControlFlow::Continue(())
        });
        footing
    }

    /// The edges that a body whose feet stand at `feet` may not cross, as
    /// walls of the body radius (a NaN `feet` crosses none), that a body
    /// whose centre stays within `reach` of `start` (on either axis) may
    /// meet: those whose walls, the body radius included, come within
    /// `reach` of it.
    pub(super) fn blocking_near(&self, start: DVec2, reach: f64, feet: f32) -> BlockingEdges<'_> {
        BlockingEdges {
            heights: self,
            near: point_box(start, reach),
            feet,
        }
    }

    /// The height the feet of a body centred on `centre` stand at, when it
    /// may stand there: the highest floor under it ([`footing`](Self::footing)),
    /// with no edge closer than the body radius that feet there may not
    /// cross (so nothing too low over it, and no void in it). `None` where
    /// no body may stand.
    pub fn standing_at(&self, centre: Vec2) -> Option<f32> {
        self.span_at(centre)?;
        let feet = self.footing(centre, self.reach)?.floor;
        let near = point_box(centre.as_dvec2(), f64::from(self.reach));
        let mut blocked = false;
        self.grid.visit_boxes_in(&near, |index| {
            let index = index as usize;
            let edge = &self.edges[index];
            blocked = !self.standable[index].holds(feet)
                && distance_to_segment(centre, edge.a, edge.b) < self.reach;
            if blocked {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (!blocked).then_some(feet)
    }

    /// Whether a body whose feet stand at `feet` meets an edge it may not
    /// cross on the straight path from `from` to `to` (entering the body
    /// radius of one, as a standing move would be stopped).
    pub fn blocks_path(&self, from: Vec2, to: Vec2, feet: f32) -> bool {
        let (start, motion) = (from.as_dvec2(), (to - from).as_dvec2());
        let reach = motion.abs().max_element() + 1e-6;
        self.blocking_near(start, reach, feet)
            .cast(start, motion)
            .is_some()
    }

    /// The floor heights on the two sides of `edge` (one of
    /// [`edges`](Self::edges), or a piece of one; none against the void),
    /// and whether feet on the lower of them may cross it: a step the
    /// walker climbs, or one that stops it like a wall (too high, too
    /// little headroom, the void).
    pub fn edge_floors(&self, edge: &HeightEdge) -> (Vec<f32>, bool) {
        let (left, right) = (self.span_of(edge.left), self.span_of(edge.right));
        let floors: Vec<f32> = [left, right]
            .into_iter()
            .flatten()
            .map(|span| span.floor)
            .collect();
        let lowest = floors.iter().copied().fold(f32::INFINITY, f32::min);
        let climbable = Standable::across(left, right, self.stance).holds(lowest);
        (floors, climbable)
    }

    /// The lowest and the highest floor a point may lie on: every floor's
    /// and the ground's (not the void's); `None` without floors.
    pub fn floor_range(&self) -> Option<(f32, f32)> {
        if self.is_flat() {
            return None;
        }
        let floors = self.spans.iter().chain(&self.outside).map(|s| s.floor);
        Some(
            floors.fold((f32::INFINITY, f32::NEG_INFINITY), |(low, high), floor| {
                (low.min(floor), high.max(floor))
            }),
        )
    }

    /// Whether the segment `from → to` crosses an edge between floors
    /// whose higher side stands above `height` (the void counts as
    /// infinitely high): the plan-view test of whether a floor's rim
    /// stands between two points, as a wall would (what muffles a sound).
    pub fn rim_between(&self, from: Vec2, to: Vec2, height: f32) -> bool {
        if self.edges.is_empty() || !from.is_finite() || !to.is_finite() {
            return false;
        }
        let (start, motion) = (from.as_dvec2(), (to - from).as_dvec2());
        let path = Aabb::of_path(start, motion);
        let mut crossed = false;
        self.grid.visit_boxes_in(&path, |index| {
            let edge = &self.edges[index as usize];
            let top = [edge.left, edge.right]
                .into_iter()
                .map(|side| self.span_of(side).map_or(f32::INFINITY, |span| span.floor))
                .fold(f32::NEG_INFINITY, f32::max);
            crossed = top > height
                && segment_entry(start, motion, edge.a.as_dvec2(), edge.b.as_dvec2()).is_some();
            if crossed {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        crossed
    }

    /// The first edge the segment `from → to` crosses where the floor
    /// drops: the floor on `from`'s side stands higher than the floor on
    /// the other (by more than [`DROP_FOR_LIGHT`]; a side in the void
    /// counts for nothing). Its place as a fraction of the segment, and
    /// the height of its rim, the higher floor. What shades the lower floor
    /// beyond a ledge from a lamp, as a low wall of that height would.
    pub fn first_drop(&self, from: Vec2, to: Vec2) -> Option<(f32, f32)> {
        if self.edges.is_empty() || !from.is_finite() || !to.is_finite() {
            return None;
        }
        let (start, motion) = (from.as_dvec2(), (to - from).as_dvec2());
        let path = Aabb::of_path(start, motion);
        let mut first: Option<(f64, f32)> = None;
        self.grid.visit_boxes_in(&path, |index| {
            let edge = &self.edges[index as usize];
            let (a, b) = (edge.a.as_dvec2(), edge.b.as_dvec2());
            let on_left = (b - a).perp().dot(start - a) > 0.0;
            let (near, far) = if on_left {
                (edge.left, edge.right)
            } else {
                (edge.right, edge.left)
            };
            let floor = |side| self.span_of(side).map(|span: Span| span.floor);
            if let (Some(near), Some(far)) = (floor(near), floor(far))
                && near > far + DROP_FOR_LIGHT
                && let Some(t) = segment_entry(start, motion, a, b)
                && first.is_none_or(|(nearest, _)| t < nearest)
            {
                first = Some((t, near));
            }
            ControlFlow::Continue(())
        });
        first.map(|(t, rim)| (t as f32, rim))
    }

    /// Moves `floor`'s floor to `height` (its ceiling stays): a lift. The
    /// edges beside it take the new height at once; an index out of range
    /// or a non-finite height changes nothing.
    pub fn set_floor_height(&mut self, floor: usize, height: f32) {
        let Some(span) = self.spans.get_mut(floor) else {
            return;
        };
        if !height.is_finite() || span.floor == height {
            return;
        }
        span.floor = height;
        for (index, edge) in self.edges.iter().enumerate() {
            if edge.left == Some(floor) || edge.right == Some(floor) {
                let span_of =
                    |side: Option<usize>| side.map_or(self.outside, |i| Some(self.spans[i]));
                self.standable[index] =
                    Standable::across(span_of(edge.left), span_of(edge.right), self.stance);
            }
        }
    }

    /// Whether feet at `feet` may cross edge `index` (of
    /// [`edges`](Self::edges)); `false` for an index out of range.
    pub fn crossable(&self, index: usize, feet: f32) -> bool {
        self.standable
            .get(index)
            .is_some_and(|standable| standable.holds(feet))
    }
}

/// The box around `p` reaching `reach` on every side.
fn point_box(p: DVec2, reach: f64) -> Aabb {
    grown_box(p, p, reach)
}

/// The box around `a` and `b`, grown by `reach` on every side.
fn grown_box(a: DVec2, b: DVec2, reach: f64) -> Aabb {
    Aabb {
        min: a.min(b) - DVec2::splat(reach),
        max: a.max(b) + DVec2::splat(reach),
    }
}

/// The edges that block one move, as the collider meets them: walls of
/// the body radius, those near the move that feet at `feet` may not
/// cross. Looked up in the edges' grid at each cast, so that a move
/// allocates nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct BlockingEdges<'a> {
    heights: &'a Heights,
    near: Aabb,
    feet: f32,
}

impl BlockingEdges<'_> {
    /// Calls `visit` with each blocking edge's index and capsule whose box
    /// meets `bounds`, until it says to stop.
    fn visit(&self, bounds: &Aabb, mut visit: impl FnMut(usize, &Capsule) -> ControlFlow<()>) {
        let heights = self.heights;
        if self.feet.is_nan() {
            return;
        }
        heights.grid.visit_boxes_in(bounds, |index| {
            let index = index as usize;
            match &heights.capsules[index] {
                Some(capsule)
                    if !heights.standable[index].holds(self.feet)
                        && capsule.bounds().overlaps(bounds) =>
                {
                    visit(index, capsule)
                }
                _ => ControlFlow::Continue(()),
            }
        });
    }

    /// Whether any edge near the move blocks it: when none does, the move
    /// meets no edge at all.
    pub fn is_empty(&self) -> bool {
        let mut any = false;
        self.visit(&self.near, |_, _| {
            any = true;
            ControlFlow::Break(())
        });
        !any
    }

    /// The earliest entry of `start + t · motion` into a blocking edge's
    /// wall, and the edge's index; the lowest index wins ties. The grid
    /// files each edge by its wall's box, the body radius included, so
    /// only the edges whose boxes meet the path's own box can be entered.
    pub fn cast(&self, start: DVec2, motion: DVec2) -> Option<(SweepHit, usize)> {
        let path = Aabb::of_path(start, motion);
        let mut best: Option<(SweepHit, usize)> = None;
        self.visit(&path, |index, capsule| {
            if let Some(hit) = capsule.sweep(start, motion)
                && best.is_none_or(|(b, b_index)| hit.t < b.t || (hit.t == b.t && index < b_index))
            {
                best = Some((hit, index));
            }
            ControlFlow::Continue(())
        });
        best
    }
}

/// The box of `edge` grown by `reach`: where the grid files it.
fn edge_box(edge: &HeightEdge, reach: f64) -> Aabb {
    grown_box(edge.a.as_dvec2(), edge.b.as_dvec2(), reach)
}

#[cfg(test)]
mod tests;
