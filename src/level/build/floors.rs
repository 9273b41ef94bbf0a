//! Validation of `[[floor]]` and of what floors ask of `[player]`: each
//! outline simple and each floor's heights in range, floors that cross or
//! overlap without one holding the other refused with both named and a
//! point where they meet, and a start that stands in the void or under too
//! low a ceiling refused.

use glam::{DVec2, Vec2};
use toml::Spanned;

use super::{Builder, show_point};
use crate::collision::outline;
use crate::level::defaults;
use crate::level::diagnostics::LevelError;
use crate::level::file::{FloorSideTable, FloorTable, PlayerTable};
use crate::level::floor_sides::{FloorSide, SidePeg};
use crate::level::model::{Environment, LevelFloor, PlayerSpawn};
use crate::level::range::ValueRange;
use crate::level::start_room::start_room_problem;
use crate::level::wall::WallDefaults;

/// Corners closer than this (in metres) are one corner.
const SAME_CORNER: f64 = 1e-4;

/// How far inside an outline, from the middle of an edge piece, another
/// floor is probed to tell whether it holds the outline there, in metres.
const INSIDE_PROBE: f64 = 1e-3;

impl Builder<'_> {
    /// One `[[floor]]`, checked: at least three finite points, no edge
    /// crossing another, an area; a height in range and a ceiling above
    /// it; its materials.
    pub(super) fn floor(
        &self,
        index: usize,
        table: &FloorTable,
        environment: &Environment,
        wall_defaults: &WallDefaults,
    ) -> Result<LevelFloor, LevelError> {
        let item = format!("floor {index}");
        let span = table.points.span();
        let points = table
            .points
            .get_ref()
            .iter()
            .map(|point| self.numbers::<2>(point, &span, &item, "points"))
            .map(|point| point.map(Vec2::from_array))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(problem) = outline_problem(&points) {
            return Err(self.source.invalid(&span, &item, problem));
        }
        let height = self.in_range(
            LevelFloor::HEIGHT,
            Some(&table.height),
            &item,
            "height",
            0.0,
        )?;
        let defaults =
            LevelFloor::with_defaults(points, height, environment, wall_defaults.material);
        let ceiling = self.finite_or(table.ceiling.as_ref(), &item, "ceiling", defaults.ceiling)?;
        if ceiling <= height {
            let span = table.ceiling.as_ref().map_or(span, |c| c.span());
            return Err(self.source.invalid(
                &span,
                &item,
                format!("`ceiling` {ceiling} m must be above `height` {height} m"),
            ));
        }
        Ok(LevelFloor {
            ceiling,
            material: self.material_or_id(table.material.as_ref(), &item, defaults.material)?,
            ceiling_material: self.material_or_id(
                table.ceiling_material.as_ref(),
                &item,
                defaults.ceiling_material,
            )?,
            side_material: self.material_or_id(
                table.side_material.as_ref(),
                &item,
                defaults.side_material,
            )?,
            light: self.in_range(
                LevelFloor::LIGHT,
                table.light.as_ref(),
                &item,
                "light",
                defaults.light,
            )?,
            sky: table
                .sky
                .as_ref()
                .map_or(defaults.sky, |sky| *sky.get_ref()),
            sides: self.floor_sides(table, defaults.points.len(), &item)?,
            ..defaults
        })
    }

    /// A floor's `sides`: at most one entry per edge of its outline of
    /// `edges` edges, each with known materials and pegs and a finite
    /// offset.
    fn floor_sides(
        &self,
        table: &FloorTable,
        edges: usize,
        item: &str,
    ) -> Result<Vec<FloorSide>, LevelError> {
        let Some(sides) = &table.sides else {
            return Ok(Vec::new());
        };
        if sides.get_ref().len() > edges {
            return Err(self.source.invalid(
                &sides.span(),
                item,
                format!(
                    "`sides` has {} entries but the outline has {edges} edges",
                    sides.get_ref().len()
                ),
            ));
        }
        let material =
            |name: Option<&Spanned<String>>| name.map(|name| self.material(name, item)).transpose();
        let peg = |written, key| self.word(written, item, key, &SidePeg::WORDS, SidePeg::default());
        sides
            .get_ref()
            .iter()
            .map(|side: &FloorSideTable| {
                Ok(FloorSide {
                    lower: material(side.lower.as_ref())?,
                    upper: material(side.upper.as_ref())?,
                    offset: side
                        .offset
                        .as_ref()
                        .map(|offset| self.point(offset, item, "offset"))
                        .transpose()?
                        .unwrap_or(Vec2::ZERO),
                    lower_peg: peg(side.lower_peg.as_ref(), "lower_peg")?,
                    upper_peg: peg(side.upper_peg.as_ref(), "upper_peg")?,
                })
            })
            .collect()
    }

    /// `[player] height`: above the eye; when not written, the format's
    /// default, or as far above a higher eye as the default is above the
    /// default eye.
    pub(super) fn player_height(
        &self,
        table: &PlayerTable,
        eye_height: f32,
    ) -> Result<f32, LevelError> {
        let Some(written) = &table.height else {
            return Ok(defaults::PLAYER_HEIGHT.max(eye_height + defaults::HEAD_ABOVE_EYE));
        };
        let height = self.in_range(ValueRange::Positive, Some(written), "player", "height", 0.0)?;
        if height <= eye_height {
            return Err(self.source.invalid(
                &written.span(),
                "player",
                format!("`height` {height} m must be above `eye_height` {eye_height} m"),
            ));
        }
        Ok(height)
    }

    /// Refuses two floors whose edges cross, or that overlap without one
    /// holding the other, naming both and a point where they meet, at the
    /// later one's outline.
    pub(super) fn refuse_crossing_floors(
        &self,
        tables: &[FloorTable],
        floors: &[LevelFloor],
    ) -> Result<(), LevelError> {
        for (later, floor) in floors.iter().enumerate() {
            for (earlier, other) in floors[..later].iter().enumerate() {
                if let Some(problem) = overlap_problem(earlier, &other.points, later, &floor.points)
                {
                    let span = tables[later].points.span();
                    let item = format!("floor {later}");
                    return Err(self.source.invalid(&span, &item, problem));
                }
            }
        }
        Ok(())
    }

    /// Refuses a start in the void, or under a ceiling less than the
    /// player's `height` above the floor there.
    pub(super) fn refuse_a_start_without_room(
        &self,
        table: &PlayerTable,
        player: &PlayerSpawn,
        floors: &[LevelFloor],
        environment: &Environment,
    ) -> Result<(), LevelError> {
        match start_room_problem(floors, environment, player.start, player.height) {
            Some(problem) => {
                Err(self
                    .source
                    .invalid(&table.start.span(), "player", problem.to_string()))
            }
            None => Ok(()),
        }
    }
}

/// Why floor `index` of `floors` may not have the outline `points`, or
/// `None`: the outline is no floor's, or it crosses or overlaps another of
/// `floors` without one holding the other (the floor itself, if `floors`
/// holds it, is left out). The loader's own checks, for the editor to ask
/// before it adds or changes a floor (`index` = the count for a new one).
pub(crate) fn floor_problem(
    index: usize,
    points: &[Vec2],
    floors: &[LevelFloor],
) -> Option<String> {
    outline_problem(points).or_else(|| {
        floors
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .find_map(|(other, floor)| overlap_problem(other, &floor.points, index, points))
    })
}

/// Why `points` is no floor's outline, or `None`: fewer than three points,
/// an edge crossing or touching another that it does not join, or no area.
fn outline_problem(points: &[Vec2]) -> Option<String> {
    if points.len() < 3 {
        return Some(format!(
            "`points` must list at least 3 points, found {}",
            points.len()
        ));
    }
    let n = points.len();
    let edge = |i: usize| (points[i].as_dvec2(), points[(i + 1) % n].as_dvec2());
    for i in 0..n {
        for j in i + 1..n {
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            let (a, b) = edge(i);
            let (c, d) = edge(j);
            let meeting = if adjacent {
                folded_back(a, b, c, d)
            } else {
                segments_meet(a, b, c, d)
            };
            if let Some(point) = meeting {
                return Some(format!(
                    "the outline crosses itself at {}: edge {i} meets edge {j}",
                    show_point(point.as_vec2())
                ));
            }
        }
    }
    if area(points) <= SAME_CORNER * SAME_CORNER {
        return Some("the outline encloses no area".into());
    }
    None
}

/// Why floors `one` (index `i`) and `other` (index `j`) may not stand
/// together, or `None`: their edges cross, or they overlap without one
/// holding the other. Floors side by side, sharing an edge or part of
/// one, and a floor wholly inside the other may.
fn overlap_problem(i: usize, a: &[Vec2], j: usize, b: &[Vec2]) -> Option<String> {
    if !boxes_touch(a, b) {
        return None;
    }
    if let Some(point) = first_crossing(a, b) {
        return Some(format!(
            "floor {i} and floor {j} cross at {}",
            show_point(point.as_vec2())
        ));
    }
    let one_in_other = inside_probes(a, b);
    let other_in_one = inside_probes(b, a);
    let overlapping = match (one_in_other, other_in_one) {
        // The same outline twice.
        (Probes::AllInside, Probes::AllInside) => Some(a[0].as_dvec2()),
        // One wholly inside the other (the other's probes may fall in it
        // along an edge the two share).
        (Probes::AllInside, _) | (_, Probes::AllInside) => None,
        // Side by side or apart.
        (Probes::AllOutside, Probes::AllOutside) => None,
        (Probes::Mixed(point), _) | (_, Probes::Mixed(point)) => Some(point),
    };
    overlapping.map(|point| {
        format!(
            "floor {i} and floor {j} overlap without one holding the other, at {}",
            show_point(point.as_vec2())
        )
    })
}

/// Where the probes just inside an outline fall in another floor.
enum Probes {
    AllInside,
    AllOutside,
    /// Some inside, some outside: one inside, where the two overlap.
    Mixed(DVec2),
}

/// Probes just inside `outline`, beside the middle of each piece of its
/// edges (cut at `other`'s corners), against `other`.
fn inside_probes(outline: &[Vec2], other: &[Vec2]) -> Probes {
    let clockwise = signed_area(outline) < 0.0;
    let corners: Vec<DVec2> = other.iter().map(|p| p.as_dvec2()).collect();
    let (mut inside, mut outside) = (None, false);
    let n = outline.len();
    for i in 0..n {
        let (a, b) = (outline[i].as_dvec2(), outline[(i + 1) % n].as_dvec2());
        for (from, to) in outline::cut_at_corners(a, b, &corners, SAME_CORNER) {
            let along = to - from;
            if along.length() < SAME_CORNER {
                continue;
            }
            // The interior is to the left of a counter-clockwise outline.
            let left = along.perp().normalize() * INSIDE_PROBE;
            let probe = (from + to) / 2.0 + if clockwise { -left } else { left };
            if holds(other, probe) {
                inside.get_or_insert(probe);
            } else {
                outside = true;
            }
        }
    }
    match (inside, outside) {
        (Some(point), true) => Probes::Mixed(point),
        (Some(_), false) => Probes::AllInside,
        (None, _) => Probes::AllOutside,
    }
}

/// The first point where an edge of `one` properly crosses an edge of
/// `other` (touching and running along each other are not crossing).
fn first_crossing(one: &[Vec2], other: &[Vec2]) -> Option<DVec2> {
    let edges = |points: &[Vec2]| -> Vec<(DVec2, DVec2)> {
        let n = points.len();
        (0..n)
            .map(|i| (points[i].as_dvec2(), points[(i + 1) % n].as_dvec2()))
            .collect()
    };
    let (mine, theirs) = (edges(one), edges(other));
    mine.iter().find_map(|&(a, b)| {
        theirs
            .iter()
            .find_map(|&(c, d)| proper_crossing(a, b, c, d))
    })
}

/// Where `a`→`b` and `c`→`d` cross, each strictly between its ends.
fn proper_crossing(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> Option<DVec2> {
    let side = |p: DVec2, q: DVec2, r: DVec2| (q - p).perp_dot(r - p);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    let tolerance = |p: DVec2, q: DVec2| SAME_CORNER * (q - p).length();
    let apart = |x: f64, y: f64, t: f64| (x > t && y < -t) || (x < -t && y > t);
    if apart(d1, d2, tolerance(c, d)) && apart(d3, d4, tolerance(a, b)) {
        let t = d1 / (d1 - d2);
        Some(a + (b - a) * t)
    } else {
        None
    }
}

/// Where two edges of one outline that share no corner meet: crossing,
/// touching, or a corner of one on the other.
fn segments_meet(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> Option<DVec2> {
    if let Some(point) = proper_crossing(a, b, c, d) {
        return Some(point);
    }
    let on = |p: DVec2, from: DVec2, to: DVec2| {
        crate::collision::distance_to_segment(p.as_vec2(), from.as_vec2(), to.as_vec2())
            < SAME_CORNER as f32
    };
    [(c, a, b), (d, a, b), (a, c, d), (b, c, d)]
        .into_iter()
        .find(|&(p, from, to)| on(p, from, to))
        .map(|(p, _, _)| p)
}

/// Where two edges that follow each other (`a`→`b`, then `c`→`d` with
/// `b` = `c`, or the other way round) fold back over each other.
fn folded_back(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> Option<DVec2> {
    let (shared, one, other) = if b.distance(c) < SAME_CORNER {
        (b, a, d)
    } else {
        (a, b, c)
    };
    let (u, v) = (one - shared, other - shared);
    let folded = u.perp_dot(v).abs() <= SAME_CORNER * u.length() * v.length() && u.dot(v) > 0.0;
    folded.then_some(shared)
}

/// Whether the boxes of two outlines share a point.
fn boxes_touch(one: &[Vec2], other: &[Vec2]) -> bool {
    let bounds = |points: &[Vec2]| {
        let min = points.iter().fold(Vec2::INFINITY, |m, &p| m.min(p));
        let max = points.iter().fold(Vec2::NEG_INFINITY, |m, &p| m.max(p));
        (min, max)
    };
    let ((a_min, a_max), (b_min, b_max)) = (bounds(one), bounds(other));
    a_min.x <= b_max.x && b_min.x <= a_max.x && a_min.y <= b_max.y && b_min.y <= a_max.y
}

/// Whether `p` lies inside `points`.
fn holds(points: &[Vec2], p: DVec2) -> bool {
    outline::holds(&widened(points), p)
}

/// The area `points` enclose, positive when counter-clockwise.
fn signed_area(points: &[Vec2]) -> f64 {
    outline::signed_area(&widened(points))
}

/// The area `points` enclose.
fn area(points: &[Vec2]) -> f64 {
    signed_area(points).abs()
}

/// `points` widened to f64, as the outline queries take them.
fn widened(points: &[Vec2]) -> Vec<DVec2> {
    points.iter().map(|p| p.as_dvec2()).collect()
}
