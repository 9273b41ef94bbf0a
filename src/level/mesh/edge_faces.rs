//! The upright faces along an edge between floors: a riser from the
//! lower floor up to the higher, a header from the lower ceiling up to the
//! higher, and against the void a wall from the floor to the ceiling,
//! each looking into the side that sees it: a riser into the lower
//! floor's side, a header into the higher ceiling's (from under the lower
//! ceiling it is out of sight; from under the higher one it is the lower
//! ceiling's lip coming down), a wall into its floor's.
//!
//! What paints a riser and a header is first the `sides` entry, for that
//! edge, of the floor it looks into (as a Doom side paints what its sector
//! sees): its `lower` for the riser, its `upper` for the header. Where the
//! entry names none, a floor's `side_material` paints it: the riser
//! belongs to the higher floor (it is that floor's front, as a stair's
//! riser is its tread's), the header to the floor with the lower ceiling
//! (it is that ceiling's lip), the wall against the void to the floor
//! beside it. Where that side is the ground, which has no side material,
//! the face takes the other floor's.
//!
//! The texture of a riser and a header runs along the edge by world
//! coordinate, shifted by the entry's `offset`, so that faces along one
//! line continue one pattern; up and down it hangs from the height its
//! peg names ([`SidePeg`]): the level's ground by default, as every other
//! face between floors (the wall against the void and the sky face
//! always), so that faces above and beside one another continue.
//!
//! Between two floors whose ceilings are both open sky there is no header,
//! as in Doom (its "sky hack"): the sky shows above both. Where only the
//! floor with the lower ceiling is open, Doom draws its sky over the line
//! up to the other's ceiling, so the other floor is not seen above the
//! opening: a face painted with the sky, looking into the open side, from
//! the lower ceiling up to the higher.

use glam::Vec2;

use super::super::floor_sides::{FloorSide, SidePeg};
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
    /// Its floor's `sides` entry for the edge: what paints the faces
    /// looking into it (the default for the ground, the void and an edge
    /// no entry covers).
    pub(super) side: FloorSide,
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
    /// How its texture lies.
    pub(super) texture: FaceTexture,
}

/// How the texture lies on an upright face along an edge, in metres: u
/// is the world coordinate along `from`→`to` plus `offset.x`; v runs
/// down from `hangs_from`, plus `offset.y`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct FaceTexture {
    /// The shift along the edge (`x`) and down (`y`).
    pub(super) offset: Vec2,
    /// The height at which v is 0 before the shift.
    pub(super) hangs_from: f32,
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
            texture: FaceTexture::default(),
        })
    };
    // A face seen from `seen_from` as its side's entry paints it: its
    // material, if it names one, and its texture hung by `peg` from the
    // face's `edge` or the floor's ceiling.
    let painted = |face: EdgeFace,
                   seen_from: EdgeSide,
                   material: Option<MaterialId>,
                   peg: SidePeg,
                   edge: f32| {
        let ceiling = seen_from.span.map_or(edge, |span| span.ceiling);
        EdgeFace {
            paint: material.map_or(face.paint, Paint::Material),
            texture: FaceTexture {
                offset: seen_from.side.offset,
                hangs_from: match peg {
                    SidePeg::Ground => 0.0,
                    SidePeg::Edge => edge,
                    SidePeg::Ceiling => ceiling,
                },
            },
            ..face
        }
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
            )
            .map(|riser| {
                let side = low.side;
                painted(riser, low, side.lower, side.lower_peg, riser.top)
            });
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
            .filter(|_| !(left.sky && right.sky))
            .map(|header| {
                let side = over.side;
                painted(header, over, side.upper, side.upper_peg, header.bottom)
            });
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
