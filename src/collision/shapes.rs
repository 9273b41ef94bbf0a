//! The collider's own copy of its shapes, inflated, ready for the
//! narrowphase (which computes in f64). Plain data: the queries that use
//! these shapes (sweeps, rays, clearance) live in their own modules and
//! depend on this one, never the other way round.

use glam::{DVec2, Vec2};

use super::grid::Aabb;
use super::polygon::ConvexPolygon;
use super::wall::Wall;

/// A wall as a capsule: its segment inflated by its radius.
///
/// Stored in f32, as given (20 bytes rather than 40 in f64, so that the
/// walls of a large level take half the cache), and widened to f64 —
/// exactly — for every computation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Capsule {
    a: Vec2,
    b: Vec2,
    radius: f32,
}

impl Capsule {
    /// A point at the origin with no radius: what a grid entry that is not
    /// a wall's carries, never read.
    pub(super) const UNREAD: Self = Self {
        a: Vec2::ZERO,
        b: Vec2::ZERO,
        radius: 0.0,
    };

    /// The capsule of `wall`, or `None` when its geometry is not finite. A
    /// negative radius counts as zero.
    pub fn from_wall(wall: &Wall) -> Option<Self> {
        let finite = wall.a.is_finite() && wall.b.is_finite() && wall.radius.is_finite();
        finite.then(|| Self {
            a: wall.a,
            b: wall.b,
            radius: wall.radius.max(0.0),
        })
    }

    /// Bounding box of the inflated shape.
    #[inline]
    pub fn bounds(&self) -> Aabb {
        let (a, b) = (self.a.as_dvec2(), self.b.as_dvec2());
        let r = DVec2::splat(f64::from(self.radius));
        Aabb {
            min: a.min(b) - r,
            max: a.max(b) + r,
        }
    }

    /// First end of the core segment, widened to f64.
    #[inline]
    pub fn a(&self) -> DVec2 {
        self.a.as_dvec2()
    }

    /// Second end of the core segment, widened to f64.
    #[inline]
    pub fn b(&self) -> DVec2 {
        self.b.as_dvec2()
    }

    /// The radius (never negative), widened to f64.
    #[inline]
    pub fn radius(&self) -> f64 {
        f64::from(self.radius)
    }
}

/// An obstacle as a polygon inflated by the body radius.
#[derive(Debug, Clone)]
pub(crate) struct RoundedPolygon {
    points: Vec<DVec2>,
    normals: Vec<DVec2>,
    radius: f64,
    bounds: Aabb,
}

impl RoundedPolygon {
    /// The obstacle `polygon` inflated by `radius` (already sanitised).
    pub fn new(polygon: &ConvexPolygon, radius: f32) -> Self {
        let points: Vec<DVec2> = polygon.points().iter().map(|p| p.as_dvec2()).collect();
        let normals = (0..points.len())
            .map(|i| {
                let edge = points[(i + 1) % points.len()] - points[i];
                DVec2::new(edge.y, -edge.x).normalize_or_zero()
            })
            .collect();
        let (min, max) = points.iter().fold(
            (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
            |(lo, hi), p| (lo.min(*p), hi.max(*p)),
        );
        let radius = f64::from(radius);
        let r = DVec2::splat(radius);
        Self {
            points,
            normals,
            radius,
            bounds: Aabb {
                min: min - r,
                max: max + r,
            },
        }
    }

    /// Bounding box of the inflated shape.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// The core polygon's vertices, counter-clockwise.
    pub fn points(&self) -> &[DVec2] {
        &self.points
    }

    /// Outward unit normal of each core edge `i → i+1`.
    pub fn normals(&self) -> &[DVec2] {
        &self.normals
    }

    /// The rounding radius: the body radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

/// Body radius as used: NaN, infinite or negative counts as zero.
pub(crate) fn sanitised_radius(radius: f32) -> f32 {
    if radius.is_finite() {
        radius.max(0.0)
    } else {
        0.0
    }
}
