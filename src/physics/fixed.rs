//! What loose bodies meet that never moves: walls, as capsules of their
//! rendered half-thickness, and fixed obstacles, as they stand; filed in a
//! grid built once.

use std::sync::Arc;

use glam::Vec2;

use crate::collision::{ConvexPolygon, Wall};

use super::broad_phase::{Bounds, CellGrid};
use super::manifold::Rounded;

/// Width of the fixed shapes' grid cells, in metres.
const FIXED_CELL_SIZE: f32 = 2.0;

/// One fixed shape: a convex outline (two points for a wall's centre
/// segment, one for a wall of no length) grown by a radius.
#[derive(Debug, Clone)]
pub(super) struct FixedShape {
    /// The wall or obstacle as given, for the sweeps.
    original: Original,
    /// Which wall or obstacle of those given it is, for impacts.
    source: FixedSource,
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
    bounds: Bounds,
}

impl FixedShape {
    /// The shape as the manifold meets it.
    pub fn rounded(&self) -> Rounded<'_> {
        Rounded {
            points: &self.points,
            normals: &self.normals,
            radius: self.radius,
        }
    }

    /// The wall or obstacle as given.
    pub fn original(&self) -> &Original {
        &self.original
    }

    /// Which wall or obstacle of those the scene was made of it is.
    pub fn source(&self) -> FixedSource {
        self.source
    }

    fn new(original: Original, source: FixedSource, points: Vec<Vec2>, radius: f32) -> Self {
        let normals = edge_normals(&points);
        let bounds = Bounds::of_points(&points, radius);
        Self {
            original,
            source,
            points,
            normals,
            radius,
            bounds,
        }
    }
}

/// A fixed shape as the level gives it.
#[derive(Debug, Clone)]
pub(super) enum Original {
    /// A wall, its radius the rendered half-thickness.
    Wall(Wall),
    /// A fixed obstacle.
    Obstacle(ConvexPolygon),
}

/// Which of the walls and obstacles a scene was made of a shape is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FixedSource {
    /// The wall at this index.
    Wall(usize),
    /// The obstacle at this index.
    Obstacle(usize),
}

/// The outward unit normal of each edge `i → i+1` of a counter-clockwise
/// outline: none for a point, one per side for a segment.
pub(super) fn edge_normals(points: &[Vec2]) -> Vec<Vec2> {
    if points.len() < 2 {
        return Vec::new();
    }
    (0..points.len())
        .map(|i| {
            let edge = points[(i + 1) % points.len()] - points[i];
            Vec2::new(edge.y, -edge.x).normalize_or_zero()
        })
        .collect()
}

/// The walls and fixed obstacles of a level, as loose bodies meet them.
/// Shared, not copied, by its clones: a walker keeps the bodies as the
/// level places them beside the moving ones, among the same walls.
#[derive(Debug, Clone)]
pub struct FixedScene {
    shapes: Arc<[FixedShape]>,
    grid: Arc<CellGrid>,
    area: Bounds,
}

impl FixedScene {
    /// The scene of `walls` and `obstacles`. Each wall's `radius` is its
    /// rendered half-thickness (a body touches the wall's face, not the
    /// walker's clearance). Walls with non-finite geometry are left out; a
    /// negative radius counts as zero.
    pub fn new(walls: &[Wall], obstacles: &[ConvexPolygon]) -> Self {
        let wall_shapes = walls.iter().enumerate().filter_map(|(index, wall)| {
            let finite = wall.a.is_finite() && wall.b.is_finite() && wall.radius.is_finite();
            let points = if wall.a == wall.b {
                vec![wall.a]
            } else {
                vec![wall.a, wall.b]
            };
            let radius = wall.radius.max(0.0);
            let source = FixedSource::Wall(index);
            finite.then(|| FixedShape::new(Original::Wall(*wall), source, points, radius))
        });
        let mut shapes: Vec<FixedShape> = wall_shapes.collect();
        shapes.extend(obstacles.iter().enumerate().map(|(index, obstacle)| {
            let points = obstacle.points().to_vec();
            let original = Original::Obstacle(obstacle.clone());
            FixedShape::new(original, FixedSource::Obstacle(index), points, 0.0)
        }));
        let area = shapes
            .iter()
            .map(|shape| shape.bounds)
            .reduce(Bounds::union)
            .unwrap_or(Bounds::around(Vec2::ZERO, 0.0));
        let mut grid = CellGrid::new(area, FIXED_CELL_SIZE, 4 * shapes.len() + 64);
        for (id, shape) in (0..).zip(&shapes) {
            grid.insert(id, shape.bounds);
        }
        Self {
            shapes: shapes.into(),
            grid: Arc::new(grid),
            area,
        }
    }

    /// The box of every shape: where the bodies' grid is laid.
    pub(super) fn area(&self) -> Bounds {
        self.area
    }

    /// A scene with nothing in it.
    pub fn empty() -> Self {
        Self::new(&[], &[])
    }

    /// The shape with id `id`.
    pub(super) fn shape(&self, id: u32) -> &FixedShape {
        &self.shapes[id as usize]
    }

    /// A query for [`Neighbours`](super::broad_phase::Neighbours): the
    /// shapes near a box.
    pub(super) fn near_query(&self) -> impl Fn(Bounds, &mut Vec<u32>) + '_ {
        |bounds, found| self.near(bounds, found)
    }

    /// The ids among `candidates` (ascending) of the shapes whose boxes
    /// `bounds` meets, ascending, into `found`.
    pub(super) fn near_among(&self, candidates: &[u32], bounds: Bounds, found: &mut Vec<u32>) {
        found.clear();
        found.extend(
            candidates
                .iter()
                .filter(|&&id| self.shapes[id as usize].bounds.overlaps(&bounds)),
        );
    }

    /// The ids of the shapes whose boxes `bounds` meets, ascending, into
    /// `found`.
    pub(super) fn near(&self, bounds: Bounds, found: &mut Vec<u32>) {
        let meets = |id: u32| self.shapes[id as usize].bounds.overlaps(&bounds);
        self.grid.query(bounds, meets, found);
    }
}
