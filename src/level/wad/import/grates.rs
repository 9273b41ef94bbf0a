//! A two-sided line's middle texture (a grate, a fence, bars) as a
//! see-through wall, placed as Doom draws it (r_segs.c,
//! `R_RenderMaskedSegRange`): one texture height, not repeated up and
//! down, its top at the lower of the two ceilings (or, on a lower unpegged
//! line, its bottom at the higher of the two floors), moved up by the
//! side's y offset, and clipped to the opening between the higher floor
//! and the lower ceiling.

use glam::Vec2;

use super::text::{LevelText, TextWall};
use super::{UNITS_PER_METRE, middle_alignment};
use crate::level::wad::{Linedef, Sidedef};
use crate::level::{Peg, TextureAlignment};

/// A see-through wall's rendered thickness, in metres: a thin plane, both
/// of whose faces are drawn.
const GRATE_THICKNESS: f32 = 0.0;

/// Where a middle texture shows on its line, in metres above the
/// ground.
#[derive(Debug, Clone, Copy, PartialEq)]
struct MiddleSpan {
    /// The bottom of what shows.
    bottom: f32,
    /// The top of what shows.
    top: f32,
    /// How far the texture's top stands above `top`: what the opening
    /// clips off it.
    clipped_off_top: f32,
}

/// Where a middle texture `texture_height` metres high shows in the
/// `opening` (the higher floor and the lower ceiling) of a line, moved up
/// `y_offset` metres, its bottom on the floor when `lower_unpegged`, else
/// its top at the ceiling; `None` when none of it shows.
fn middle_span(
    (floor, ceiling): (f32, f32),
    texture_height: f32,
    y_offset: f32,
    lower_unpegged: bool,
) -> Option<MiddleSpan> {
    let pinned = if lower_unpegged {
        floor + texture_height
    } else {
        ceiling
    };
    let texture_top = pinned + y_offset;
    let top = texture_top.min(ceiling);
    let bottom = (texture_top - texture_height).max(floor);
    (top > bottom).then_some(MiddleSpan {
        bottom,
        top,
        clipped_off_top: texture_top - top,
    })
}

/// The see-through wall of the two-sided `line` from `a` to `b` (in
/// metres), whose sides are `right` and `left` and whose sectors span
/// `right_span` and `left_span` (floor and ceiling, metres): of the right
/// side's middle texture, else the left's (then from `b` to `a`, so that
/// the left sector sees it as the right sees its own), blocking as the
/// line's flag says. `None` when neither side has a middle texture the
/// WAD holds, or none of it shows in the opening.
pub(super) fn grate(
    level: &mut LevelText<'_>,
    (a, b): (Vec2, Vec2),
    line: &Linedef,
    (right, left): (&Sidedef, Option<&Sidedef>),
    (right_span, left_span): ((f32, f32), (f32, f32)),
) -> Option<TextWall> {
    let opening = (right_span.0.max(left_span.0), right_span.1.min(left_span.1));
    let (side, (a, b), (material, texels_high)) = [(Some(right), (a, b)), (left, (b, a))]
        .into_iter()
        .filter_map(|(side, ends)| Some((side?, ends)))
        .filter(|(side, _)| side.middle != "-")
        .find_map(|(side, ends)| {
            Some((side, ends, level.wall_texture_with_height(&side.middle)?))
        })?;
    let metres = |texels: f64| (texels / UNITS_PER_METRE) as f32;
    let lower_unpegged = line.flags & Linedef::LOWER_UNPEGGED != 0;
    let span = middle_span(
        opening,
        metres(f64::from(texels_high)),
        metres(f64::from(side.y_offset)),
        lower_unpegged,
    )?;
    let along = middle_alignment((a, b), side, line.flags).offset.x;
    Some(TextWall {
        a,
        b,
        height: span.top - span.bottom,
        base: Some(span.bottom),
        thickness: Some(GRATE_THICKNESS),
        material: Some(material),
        drawn: true,
        see_through: true,
        blocks: line.flags & Linedef::BLOCKS != 0,
        alignment: TextureAlignment {
            offset: Vec2::new(along, span.clipped_off_top),
            peg: Peg::Top,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_middle_texture_hangs_from_the_lower_ceiling_and_is_clipped_by_the_higher_floor() {
        // Opening from 1 to 3 m; a 1.5 m texture hangs from 3 m.
        let span = middle_span((1.0, 3.0), 1.5, 0.0, false);
        assert_eq!(
            span,
            Some(MiddleSpan {
                bottom: 1.5,
                top: 3.0,
                clipped_off_top: 0.0
            })
        );
        // A 4 m texture is clipped at the floor.
        let span = middle_span((1.0, 3.0), 4.0, 0.0, false).expect("shows");
        assert_eq!((span.bottom, span.top), (1.0, 3.0));
    }

    #[test]
    fn a_lower_unpegged_middle_texture_stands_on_the_higher_floor_moved_up_by_its_offset() {
        let span = middle_span((1.0, 3.0), 1.5, 0.25, true).expect("shows");
        assert_eq!((span.bottom, span.top), (1.25, 2.75));
        // Moved up past the ceiling, its top is clipped off.
        let span = middle_span((1.0, 3.0), 1.5, 1.0, true).expect("shows");
        assert_eq!(
            (span.bottom, span.top, span.clipped_off_top),
            (2.0, 3.0, 0.5)
        );
        // Moved above the opening, nothing shows.
        assert_eq!(middle_span((1.0, 3.0), 1.5, 2.5, true), None);
    }
}
