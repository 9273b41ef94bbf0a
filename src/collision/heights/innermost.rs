//! The innermost floor at a point, found among the few floors whose boxes
//! hold it: the floors by area, smallest first, so that the first that
//! holds a point is the innermost, with their boxes filed in a grid by
//! that order. A Doom map has hundreds of floors, and the walker, the
//! reach check, light and sound ask for the floor at a point many times.

use glam::DVec2;

use super::box_grid::BoxGrid;
use crate::collision::grid::Aabb;
use crate::collision::outline::Outline;
use std::ops::ControlFlow;

/// The floors' outlines by area, and their boxes filed by that order.
#[derive(Debug, Clone, Default)]
pub(super) struct Innermost {
    /// The floors' indices, smallest area first.
    by_area: Vec<usize>,
    /// Each floor's box, filed by its place in `by_area`.
    grid: BoxGrid,
}

impl Innermost {
    /// Files `outlines` (the floors, by index).
    pub fn new(outlines: &[Outline]) -> Self {
        let mut by_area: Vec<usize> = (0..outlines.len()).collect();
        by_area.sort_by(|&i, &j| outlines[i].area().total_cmp(&outlines[j].area()));
        let boxes: Vec<Aabb> = by_area.iter().map(|&i| outline_box(&outlines[i])).collect();
        Self {
            by_area,
            grid: BoxGrid::new(&boxes),
        }
    }

    /// The innermost of `outlines` (the ones this was made from) holding
    /// `p`, or `None` outside every one.
    pub fn at(&self, outlines: &[Outline], p: DVec2) -> Option<usize> {
        let mut found = None;
        let here = Aabb { min: p, max: p };
        // A cell's boxes come in the order filed: smallest area first.
        self.grid.visit_boxes_in(&here, |rank| {
            let floor = self.by_area[rank as usize];
            if outlines[floor].holds(p) {
                found = Some(floor);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }
}

/// The smallest box holding `outline`.
fn outline_box(outline: &Outline) -> Aabb {
    let points = outline.points().iter();
    let (min, max) = points.fold((DVec2::INFINITY, DVec2::NEG_INFINITY), |(min, max), &p| {
        (min.min(p), max.max(p))
    });
    Aabb { min, max }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;

    /// The innermost floor holding `p`, by testing every floor.
    fn every_floor(outlines: &[Outline], p: DVec2) -> Option<usize> {
        (0..outlines.len())
            .filter(|&i| outlines[i].holds(p))
            .min_by(|&i, &j| outlines[i].area().total_cmp(&outlines[j].area()))
    }

    fn square(x: f32, z: f32, side: f32) -> Outline {
        Outline::new(&[
            Vec2::new(x, z),
            Vec2::new(x + side, z),
            Vec2::new(x + side, z + side),
            Vec2::new(x, z + side),
        ])
    }

    #[test]
    fn finds_what_testing_every_floor_finds_among_rooms_islands_and_a_hall() {
        let mut outlines = vec![square(-1.0, -1.0, 42.0)];
        for row in 0..8 {
            for column in 0..8 {
                let (x, z) = (column as f32 * 5.0, row as f32 * 5.0);
                outlines.push(square(x, z, 5.0));
                if (row + column) % 3 == 0 {
                    outlines.push(square(x + 1.0, z + 1.0, 2.5));
                    outlines.push(square(x + 1.5, z + 1.5, 1.0));
                }
            }
        }
        let innermost = Innermost::new(&outlines);
        let mut inside = 0;
        for i in 0..=180 {
            for j in 0..=180 {
                let p = DVec2::new(-3.0 + i as f64 * 0.26, -3.0 + j as f64 * 0.26);
                let expected = every_floor(&outlines, p);
                inside += usize::from(expected.is_some());
                assert_eq!(innermost.at(&outlines, p), expected, "at {p}");
            }
        }
        assert!(inside > 25_000, "most points lie in a floor: {inside}");
        assert_eq!(innermost.at(&outlines, DVec2::NAN), None);
        assert_eq!(Innermost::new(&[]).at(&[], DVec2::ZERO), None);
    }
}
