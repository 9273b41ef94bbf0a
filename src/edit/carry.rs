//! Carrying an item (`X`) or a copy of one (`Ctrl+D`): it follows the
//! cursor point, keeping the offset it had from the point under the cursor
//! when it was picked up, and the wheel turns it about its centre in steps
//! of 15°. Nothing changes in the level until it is put down, which is one
//! edit ([`LevelDraft::put_down`](super::LevelDraft::put_down)).

use glam::Vec2;

use super::aim::Item;
use super::operation::{EditError, Piece};
use crate::collision::ConvexPolygon;
use crate::level::Level;

/// How far one notch of the wheel turns a carried item, in degrees.
pub const TURN_STEP_DEGREES: f32 = 15.0;

/// Steps of [`TURN_STEP_DEGREES`] in a quarter turn, which is turned
/// exactly (no rounding of sines and cosines).
const STEPS_PER_QUARTER: i32 = 6;

/// An item being carried.
#[derive(Debug, Clone, PartialEq)]
pub struct Carry {
    /// The item picked up, or the item copied.
    item: Item,
    /// It as it was picked up.
    piece: Piece,
    /// Whether it is a copy (put down, it is added; the item stays).
    copy: bool,
    /// The cursor point when it was picked up.
    grabbed_at: Vec2,
    /// Wheel notches turned so far (a fraction from a touchpad counts as
    /// much of a notch).
    notches: f32,
}

impl Carry {
    /// Picks up `item` of `level` with the cursor point at `at`.
    pub fn pick_up(level: &Level, item: Item, at: Vec2) -> Result<Self, EditError> {
        Ok(Self {
            item,
            piece: Piece::at(level, item)?,
            copy: false,
            grabbed_at: at,
            notches: 0.0,
        })
    }

    /// Picks up a copy of `item` of `level` with the cursor point at `at`.
    pub fn copy(level: &Level, item: Item, at: Vec2) -> Result<Self, EditError> {
        Ok(Self {
            copy: true,
            ..Self::pick_up(level, item, at)?
        })
    }

    /// The item picked up, or copied.
    pub fn item(&self) -> Item {
        self.item
    }

    /// Takes the item again as `level` holds it now, where it was grabbed
    /// and as far turned: its properties were changed while it was carried
    /// (on edit mode's panel), and putting it down keeps them.
    pub fn retake(&mut self, level: &Level) -> Result<(), EditError> {
        self.piece = Piece::at(level, self.item)?;
        Ok(())
    }

    /// It as it was picked up: what the level must still hold to put it
    /// down.
    pub fn piece(&self) -> &Piece {
        &self.piece
    }

    /// Whether it is a copy.
    pub fn is_copy(&self) -> bool {
        self.copy
    }

    /// Whether it turns with the wheel: walls, obstacles, doors and floors
    /// do, a lamp does not.
    pub fn turns(&self) -> bool {
        !matches!(self.piece, Piece::Light(_))
    }

    /// Turns it by `notches` of the wheel (positive: clockwise seen from
    /// above, the sense of yaw); a lamp does not turn.
    pub fn turn(&mut self, notches: f32) {
        if self.turns() && notches.is_finite() {
            self.notches += notches;
        }
    }

    /// How far it is turned, in steps of [`TURN_STEP_DEGREES`], within one
    /// full turn (0 to 23).
    fn steps(&self) -> i32 {
        let full = 4 * STEPS_PER_QUARTER;
        // Within one turn, a wheel turned for ever still fits an i32.
        ((self.notches.round() % full as f32) as i32).rem_euclid(full)
    }

    /// How far it is turned, in degrees (0 to 345).
    pub fn degrees(&self) -> f32 {
        self.steps() as f32 * TURN_STEP_DEGREES
    }

    /// It where it would go with the cursor point at `cursor`: moved by
    /// the cursor's way from where it was picked up, and turned about its
    /// centre. An obstacle's outline turned so that it is no longer a
    /// usable polygon is refused (a floor's is checked as it is put down).
    pub fn placed(&self, cursor: Vec2) -> Result<Piece, EditError> {
        let offset = cursor - self.grabbed_at;
        let centre = self.piece.centre();
        let steps = self.steps();
        let turn = rotation(steps);
        let place = |point: Vec2| {
            if steps == 0 {
                point + offset
            } else {
                centre + offset + turn.rotate(point - centre)
            }
        };
        let mut piece = self.piece.clone();
        match &mut piece {
            Piece::Wall(wall) => (wall.a, wall.b) = (place(wall.a), place(wall.b)),
            Piece::Door(door) => (door.a, door.b) = (place(door.a), place(door.b)),
            Piece::Light(light) => light.at += offset,
            Piece::Obstacle(obstacle) => {
                let points = obstacle.polygon.points().iter().map(|&p| place(p));
                obstacle.polygon = ConvexPolygon::new(points.collect())?;
            }
            Piece::Floor(floor) => floor.points.iter_mut().for_each(|p| *p = place(*p)),
        }
        Ok(piece)
    }
}

/// The rotation by `steps` of [`TURN_STEP_DEGREES`] (from +x toward +z),
/// as the unit vector it turns +x to: exact for quarter turns, so an item
/// turned by 90° keeps coordinates on the grid.
fn rotation(steps: i32) -> Vec2 {
    let quarters = [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y];
    if steps % STEPS_PER_QUARTER == 0 {
        return quarters[(steps / STEPS_PER_QUARTER).rem_euclid(4) as usize];
    }
    Vec2::from_angle((steps as f32 * TURN_STEP_DEGREES).to_radians())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Level {
        Level::default_house()
    }

    #[test]
    fn a_carried_wall_keeps_its_offset_and_turns_about_its_middle() {
        let level = level();
        let wall = level.walls[0].clone();
        let grab = wall.a + Vec2::new(0.5, 1.0);
        let mut carry = Carry::pick_up(&level, Item::Wall(0), grab).expect("wall 0");
        assert!(!carry.is_copy() && carry.turns());
        let moved = carry.placed(grab + Vec2::new(2.0, -1.0)).expect("placed");
        let Piece::Wall(moved) = moved else {
            panic!("a wall")
        };
        assert_eq!(moved.a, wall.a + Vec2::new(2.0, -1.0));
        assert_eq!(moved.b, wall.b + Vec2::new(2.0, -1.0));
        assert_eq!(moved.material, wall.material);

        // Six notches: a quarter turn about the middle, exactly.
        carry.turn(4.0);
        carry.turn(2.0);
        assert_eq!(carry.degrees(), 90.0);
        let Ok(Piece::Wall(turned)) = carry.placed(grab) else {
            panic!("a wall")
        };
        let middle = (wall.a + wall.b) / 2.0;
        assert_eq!((turned.a + turned.b) / 2.0, middle);
        assert_eq!(turned.a - middle, (wall.a - middle).perp());
        // Once round, and back to none.
        carry.turn(18.0);
        assert_eq!(carry.degrees(), 0.0);
        assert_eq!(carry.placed(grab), Ok(Piece::Wall(wall.clone())));
        carry.turn(-1.0);
        assert_eq!(carry.degrees(), 345.0);
        let Ok(Piece::Wall(back)) = carry.placed(grab) else {
            panic!("a wall")
        };
        assert!((back.length() - wall.length()).abs() < 1e-4);
        // Half a notch from a touchpad is not yet a step; the rest is.
        carry.turn(1.4);
        assert_eq!(carry.degrees(), 0.0);
        carry.turn(0.2);
        assert_eq!(carry.degrees(), 15.0);
    }

    #[test]
    fn a_lamp_moves_but_does_not_turn_and_an_obstacle_turns_about_its_middle() {
        let level = level();
        let light = level.lights[0];
        let mut carry = Carry::copy(&level, Item::Lamp(0), light.at).expect("lamp 0");
        assert!(carry.is_copy() && !carry.turns());
        carry.turn(3.0);
        assert_eq!(carry.degrees(), 0.0);
        let Ok(Piece::Light(moved)) = carry.placed(light.at + Vec2::ONE) else {
            panic!("a lamp")
        };
        assert_eq!(moved.at, light.at + Vec2::ONE);
        assert_eq!(moved.colour, light.colour);

        let obstacle = level.obstacles[4].clone();
        let mut carry = Carry::pick_up(&level, Item::Obstacle(4), Vec2::ZERO).expect("the sofa");
        carry.turn(12.0);
        let Ok(Piece::Obstacle(turned)) = carry.placed(Vec2::ZERO) else {
            panic!("an obstacle")
        };
        let centre = |points: &[Vec2]| points.iter().sum::<Vec2>() / points.len() as f32;
        let before = centre(obstacle.polygon.points());
        assert!(centre(turned.polygon.points()).abs_diff_eq(before, 1e-5));
        assert_eq!(turned.height, obstacle.height);
        assert_eq!(
            turned.polygon.points().len(),
            obstacle.polygon.points().len()
        );
        assert!(matches!(
            Carry::pick_up(&level, Item::Door(99), Vec2::ZERO),
            Err(EditError::NoSuchItem { .. })
        ));
    }
}
