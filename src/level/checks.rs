//! Checks that both `mazewalker check` (through the loader's warnings and
//! errors) and the editor's live checks run, so the two always agree: walls
//! too short, and loose obstacles standing where something else is.

use super::diagnostics::LevelWarning;
use super::loose::loose_overlaps;
use super::model::Level;
use super::wall::LevelWall;

/// Walls shorter than this (0.1 mm) have no direction: the loader refuses
/// them and the editor never makes one.
pub const MIN_WALL_LENGTH: f32 = 1e-4;

/// Walls shorter than this (1 cm) load, but are almost surely a slip of the
/// hand (a point plotted twice with snapping off): they warn.
pub const SHORT_WALL_LENGTH: f32 = 0.01;

/// What is suspicious about `wall` on its own, if anything: a length under
/// [`SHORT_WALL_LENGTH`]. The message has the form of the loader's warnings.
pub fn short_wall_problem(wall: &LevelWall) -> Option<String> {
    let length = wall.length();
    (length < SHORT_WALL_LENGTH).then(|| {
        format!(
            "only {:.1} mm long (shorter than 1 cm): a slip of the hand?",
            length * 1000.0
        )
    })
}

/// The warnings of [`short_wall_problem`] for every wall of `level`, and
/// one for each loose obstacle overlapping something (which the loader
/// refuses, so that the file saved will not load until it is moved clear),
/// for the editor to show after each edit. They carry no file location: an
/// edited level's lines are not those of its file until it is saved.
pub fn live_warnings(level: &Level) -> Vec<LevelWarning> {
    let short_walls = level.walls.iter().enumerate().filter_map(|(index, wall)| {
        short_wall_problem(wall).map(|message| LevelWarning {
            location: None,
            item: format!("wall {index}"),
            message,
        })
    });
    let overlaps = loose_overlaps(level).map(|overlap| LevelWarning {
        location: None,
        item: overlap.item(),
        message: format!(
            "{}; the level will not load until it stands clear",
            overlap.problem()
        ),
    });
    short_walls.chain(overlaps).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::MaterialId;
    use glam::Vec2;

    fn wall(length: f32) -> LevelWall {
        LevelWall::new(
            Vec2::new(1.0, 2.0),
            Vec2::new(1.0 + length, 2.0),
            0.3,
            2.8,
            0.15,
            MaterialId(0),
        )
    }

    #[test]
    fn walls_under_one_centimetre_are_flagged_and_longer_ones_are_not() {
        let problem = short_wall_problem(&wall(0.005)).expect("5 mm is short");
        assert!(problem.contains("5.0 mm"), "{problem}");
        assert_eq!(short_wall_problem(&wall(0.0101)), None);
        assert_eq!(short_wall_problem(&wall(3.0)), None);
    }

    #[test]
    fn live_warnings_name_the_short_walls() {
        let mut level = crate::level::Level::default_house();
        assert!(live_warnings(&level).is_empty());
        level.walls.push(wall(0.002));
        let warnings = live_warnings(&level);
        assert_eq!(warnings.len(), 1);
        let text = warnings[0].to_string();
        assert_eq!(
            text,
            format!(
                "warning: wall {}: only 2.0 mm long (shorter than 1 cm): a slip of the hand?",
                level.walls.len() - 1
            )
        );
    }

    #[test]
    fn live_warnings_name_a_loose_obstacle_that_overlaps_something() {
        let mut level = crate::level::Level::default_house();
        let wall = level.walls[0].clone();
        let mut crate_on_the_wall = level.obstacle_defaults.obstacle(
            crate::collision::ConvexPolygon::new(vec![
                wall.a,
                wall.a + Vec2::new(0.5, 0.0),
                wall.a + Vec2::new(0.5, 0.5),
                wall.a + Vec2::new(0.0, 0.5),
            ])
            .expect("a square"),
        );
        level.obstacles.push(crate_on_the_wall.clone());
        assert!(live_warnings(&level).is_empty(), "a fixed one may");
        crate_on_the_wall.loose = true;
        level.obstacles.push(crate_on_the_wall);
        let warnings: Vec<String> = live_warnings(&level)
            .iter()
            .map(ToString::to_string)
            .collect();
        let index = level.obstacles.len() - 1;
        assert_eq!(
            warnings.first().map(String::as_str),
            Some(
                format!(
                    "warning: obstacle {index} (loose): overlaps wall 0; the level will not load until it stands clear"
                )
                .as_str()
            )
        );
    }
}
