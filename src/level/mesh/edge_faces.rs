//! The upright faces along an edge between floors: a riser from the
//! lower floor up to the higher, a header from the lower ceiling up to the
//! higher, and against the void a wall from the floor to the ceiling,
//! each looking into the side that sees it: a riser into the lower
//! floor's side, a header into the higher ceiling's (from under the lower
//! ceiling it is out of sight; from under the higher one it is the lower
//! ceiling's lip coming down), a wall into its floor's.
//!
//! Which floor's `side_material` paints a face: the riser belongs to the
//! higher floor (it is that floor's front, as a stair's riser is its
//! tread's), the header to the floor with the lower ceiling (it is that
//! ceiling's lip), the wall against the void to the
//! floor beside it. Where that side is the ground, which has no side
//! material, the face takes the other floor's.
//!
//! Between two floors whose ceilings are both open sky there is no header,
//! as in Doom (its "sky hack"): the sky shows above both. Where only the
//! floor with the lower ceiling is open, Doom draws its sky over the line
//! up to the other's ceiling, so the other floor is not seen above the
//! opening: a face painted with the sky, looking into the open side, from
//! the lower ceiling up to the higher.

use glam::Vec2;

use super::super::model::MaterialId;
use crate::collision::Span;

/// One side of an edge as its faces need it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct EdgeSide {
    /// Its floor and ceiling; `None` for the void.
    pub(super) span: Option<Span>,
    /// Its floor's side material; `None` for the ground and the void.
    pub(super) side_material: Option<MaterialId>,
    /// Whether its ceiling is open sky.
    pub(super) sky: bool,
}

/// One upright face along an edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct EdgeFace {
    /// Its first end on the plan: walking from `from` to `to`, the face
    /// looks to the right-hand side.
    pub(super) from: Vec2,
    /// Its second end.
    pub(super) to: Vec2,
    /// Its bottom's height.
    pub(super) bottom: f32,
    /// Its top's height, above `bottom`.
    pub(super) top: f32,
    /// What it is painted with.
    pub(super) paint: Paint,
}

/// What an upright face is painted with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Paint {
    /// A material, as every face.
    Material(MaterialId),
    /// The level's sky, as seen from the eye through the face.
    Sky,
}

/// The faces along the edge from `a` to `b` between `left` (the side
/// `(b − a).perp()` points to) and `right`.
pub(super) fn edge_faces(a: Vec2, b: Vec2, left: EdgeSide, right: EdgeSide) -> Vec<EdgeFace> {
    // Facing a side: walking b→a looks to the left of a→b.
    let towards = |side_is_left: bool| if side_is_left { (b, a) } else { (a, b) };
    let face = |looks_left: bool, bottom: f32, top: f32, owner: EdgeSide, other: EdgeSide| {
        let (from, to) = towards(looks_left);
        let material = owner.side_material.or(other.side_material)?;
        (top > bottom).then_some(EdgeFace {
            from,
            to,
            bottom,
            top,
            paint: Paint::Material(material),
        })
    };
    match (left.span, right.span) {
        (Some(on_left), Some(on_right)) => {
            let left_is_lower = on_left.floor < on_right.floor;
            let (low, high) = if left_is_lower {
                (left, right)
            } else {
                (right, left)
            };
            let riser = face(
                left_is_lower,
                on_left.floor.min(on_right.floor),
                on_left.floor.max(on_right.floor),
                high,
                low,
            );
            let left_ceiling_is_higher = on_left.ceiling > on_right.ceiling;
            let (under, over) = if left_ceiling_is_higher {
                (right, left)
            } else {
                (left, right)
            };
            let (low_ceiling, high_ceiling) = (
                on_left.ceiling.min(on_right.ceiling),
                on_left.ceiling.max(on_right.ceiling),
            );
            let header = face(
                left_ceiling_is_higher,
                low_ceiling,
                high_ceiling,
                under,
                over,
            )
            .filter(|_| !(left.sky && right.sky));
            // The same span, looking the other way, painted with the sky.
            let sky = face(
                !left_ceiling_is_higher,
                low_ceiling,
                high_ceiling,
                under,
                over,
            )
            .filter(|_| under.sky && !over.sky)
            .map(|face| EdgeFace {
                paint: Paint::Sky,
                ..face
            });
            riser.into_iter().chain(header).chain(sky).collect()
        }
        (Some(span), None) => face(true, span.floor, span.ceiling, left, right)
            .into_iter()
            .collect(),
        (None, Some(span)) => face(false, span.floor, span.ceiling, right, left)
            .into_iter()
            .collect(),
        (None, None) => Vec::new(),
    }
}
