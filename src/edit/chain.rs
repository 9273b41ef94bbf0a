//! Plotting walls Mapster32-style: Space plots a point, each point after the
//! first adds a wall from the one before; Backspace takes back the last
//! point and its wall; Enter ends the chain.

use glam::Vec2;

use crate::level::checks::MIN_WALL_LENGTH;

/// The points plotted in the chain being drawn, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Chain {
    points: Vec<Vec2>,
}

/// What plotting a point did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Plotted {
    /// The first point: a chain starts, no wall yet.
    Started,
    /// A wall from the previous point `a` to this one `b` is to be added.
    Wall {
        /// The previous point.
        a: Vec2,
        /// The point just plotted.
        b: Vec2,
    },
    /// The point equals the previous one (less than 0.1 mm away): nothing.
    Same,
}

/// What taking back a point did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakenBack {
    /// There was no chain.
    Nothing,
    /// The chain's only point went; no wall was plotted from it.
    Point,
    /// The last point went, and the wall that ended at it must go too.
    PointAndWall,
}

impl Chain {
    /// Plots `point`. Points are not checked for finiteness here: the
    /// edit that adds the wall refuses non-finite ends.
    pub fn plot(&mut self, point: Vec2) -> Plotted {
        match self.points.last() {
            None => {
                self.points.push(point);
                Plotted::Started
            }
            Some(&last) if last.distance(point) < MIN_WALL_LENGTH => Plotted::Same,
            Some(&last) => {
                self.points.push(point);
                Plotted::Wall { a: last, b: point }
            }
        }
    }

    /// Takes back the last point (Backspace).
    pub fn take_back(&mut self) -> TakenBack {
        match self.points.pop() {
            None => TakenBack::Nothing,
            Some(_) if self.points.is_empty() => TakenBack::Point,
            Some(_) => TakenBack::PointAndWall,
        }
    }

    /// Ends the chain (Enter): the next point starts a new one.
    pub fn end(&mut self) {
        self.points.clear();
    }

    /// The last point plotted, where the wall in progress starts.
    pub fn last_point(&self) -> Option<Vec2> {
        self.points.last().copied()
    }

    /// Every point of the chain, oldest first.
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_point_after_the_first_adds_a_wall_from_the_previous_one() {
        let mut chain = Chain::default();
        let (p, q, r) = (Vec2::ZERO, Vec2::new(3.0, 0.0), Vec2::new(3.0, 2.0));
        assert_eq!(chain.plot(p), Plotted::Started);
        assert_eq!(chain.plot(q), Plotted::Wall { a: p, b: q });
        assert_eq!(chain.plot(q), Plotted::Same);
        assert_eq!(chain.plot(q + Vec2::splat(1e-5)), Plotted::Same);
        assert_eq!(chain.plot(r), Plotted::Wall { a: q, b: r });
        assert_eq!(chain.points(), [p, q, r]);
        assert_eq!(chain.last_point(), Some(r));
    }

    #[test]
    fn backspace_takes_back_points_and_enter_ends_the_chain() {
        let mut chain = Chain::default();
        assert_eq!(chain.take_back(), TakenBack::Nothing);
        chain.plot(Vec2::ZERO);
        chain.plot(Vec2::X);
        assert_eq!(chain.take_back(), TakenBack::PointAndWall);
        assert_eq!(chain.last_point(), Some(Vec2::ZERO));
        assert_eq!(chain.take_back(), TakenBack::Point);
        assert_eq!(chain.last_point(), None);

        chain.plot(Vec2::ZERO);
        chain.plot(Vec2::X);
        chain.end();
        assert_eq!(chain.plot(Vec2::Y), Plotted::Started);
    }
}
