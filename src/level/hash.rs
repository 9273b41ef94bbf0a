//! A level's identity for demos: [`Level::content_hash`], a 64-bit FNV-1a
//! hash of everything a walk through the level depends on, stable across
//! runs, builds and platforms.

use std::hash::Hasher as _;

use fnv::FnvHasher;
use glam::Vec2;

use super::{DoorKind, DoorOpens, ExitBy, Level, SwitchBy, TriggerLine, defaults};

impl Level {
    /// A hash of what the walker meets in this level: the walls (ends and
    /// radius), the obstacles (outline points, and whether and how they
    /// move) and the player's spawn (start, heading, body radius, eye
    /// height, push and kick). Looks (materials, items' heights and
    /// `base`, thickness, lighting, name) are left out: a retextured level keeps its
    /// hash, a moved wall changes it.
    ///
    /// Lamps ([`Level::lights`]) are looks too, and stay out on purpose: they
    /// change what the walker sees, never where it can go, and a demo
    /// compares this hash to tell whether it is played on the level it was
    /// recorded on. Hashing them would make every demo recorded before a
    /// level got its lamps warn that it is played on another level.
    ///
    /// The canonical byte stream, hashed with 64-bit FNV-1a: the wall count
    /// as a little-endian u64, then each wall's `a.x a.y b.x b.y radius`;
    /// the obstacle count, then each obstacle's point count and its points
    /// `x z` (counter-clockwise, as stored); then `start.x start.z yaw
    /// radius eye_height`; then, only for a level that has doors (so that a
    /// level without them keeps the hash it had before doors existed), the
    /// door count and each door's `a.x a.y b.x b.y`, its kind (a byte, 0
    /// slide, 1 swing, 2 rise), `swing thickness speed close_after`, what opens
    /// it (a byte, 0 use, 1 near), a rise door's `height base` (and, where
    /// any door is `open`, its `open`, a byte 0 or 1): doors change where
    /// the walker can go;
    /// then, only for a level with a loose obstacle or any of `mass`,
    /// `friction`, `bounce`, `push` and `kick` off its default (so that a
    /// level without them keeps the hash it had before loose obstacles
    /// existed), the player's `push kick`, then for each obstacle whether
    /// it is loose (a byte, 0 fixed, 1 loose) and its `mass friction
    /// bounce`: loose obstacles move, and change where the walker can go;
    /// then, only for a level with floors or without ground (so that a
    /// level without them keeps the hash it had before floors existed; on
    /// one flat floor `step` and `height` change nothing), the player's `step height`, the
    /// ground (a byte, 1 ground, 0 void), `ceiling_height`, the floor
    /// count and each floor's point count, points `x z`, `height` and
    /// `ceiling`: floors change where the walker can go;
    /// then, only for a level with teleporters or exits (so that a level
    /// without them keeps the hash it had before they existed), the
    /// teleporter count and each one's `a.x a.y b.x b.y to.x to.z yaw`
    /// (and, where any teleporter is `once`, its `once`, a byte 0 or 1),
    /// then the exit count and each one's `a.x a.y b.x b.y` and how it is
    /// taken (a byte, 0 use, 1 walk): a teleporter moves the eye, and an
    /// exit's events are part of a walk.
    /// Every number is an f32 written as its
    /// little-endian IEEE 754 bits, with -0.0 written as 0.0.
    pub fn content_hash(&self) -> u64 {
        let mut hasher = FnvHasher::default();
        write_count(&mut hasher, self.walls.len());
        for wall in &self.walls {
            write_point(&mut hasher, wall.a);
            write_point(&mut hasher, wall.b);
            write_f32(&mut hasher, wall.radius);
        }
        write_count(&mut hasher, self.obstacles.len());
        for obstacle in &self.obstacles {
            let points = obstacle.polygon.points();
            write_count(&mut hasher, points.len());
            for &point in points {
                write_point(&mut hasher, point);
            }
        }
        let player = &self.player;
        write_point(&mut hasher, player.start);
        write_f32(&mut hasher, player.yaw_degrees);
        write_f32(&mut hasher, player.radius);
        write_f32(&mut hasher, player.eye_height);
        if !self.doors.is_empty() {
            let has_open_doors = self.doors.iter().any(|door| door.open);
            write_count(&mut hasher, self.doors.len());
            for door in &self.doors {
                write_point(&mut hasher, door.a);
                write_point(&mut hasher, door.b);
                hasher.write_u8(match door.kind {
                    DoorKind::Slide => 0,
                    DoorKind::Swing => 1,
                    DoorKind::Rise => 2,
                });
                write_f32(&mut hasher, door.swing_degrees);
                write_f32(&mut hasher, door.thickness);
                write_f32(&mut hasher, door.speed);
                write_f32(&mut hasher, door.close_after);
                hasher.write_u8(match door.opens {
                    DoorOpens::Use => 0,
                    DoorOpens::Near => 1,
                });
                if door.kind == DoorKind::Rise {
                    // How high a rise door's bottom stands decides when the
                    // walker may pass under it.
                    write_f32(&mut hasher, door.height);
                    write_f32(&mut hasher, door.base.unwrap_or(f32::NAN));
                }
                if has_open_doors {
                    hasher.write_u8(u8::from(door.open));
                }
            }
        }
        if !self.switches.is_empty() {
            let has_closing_or_once_switches =
                (self.switches.iter()).any(|switch| switch.once || !switch.close.is_empty());
            write_count(&mut hasher, self.switches.len());
            for switch in &self.switches {
                write_point(&mut hasher, switch.a);
                write_point(&mut hasher, switch.b);
                hasher.write_u8(match switch.by {
                    SwitchBy::Use => 0,
                    SwitchBy::Walk => 1,
                });
                write_count(&mut hasher, switch.doors.len());
                for &door in &switch.doors {
                    write_count(&mut hasher, door);
                }
                if !self.lifts.is_empty() {
                    write_count(&mut hasher, switch.lifts.len());
                    for &lift in &switch.lifts {
                        write_count(&mut hasher, lift);
                    }
                }
                if has_closing_or_once_switches {
                    hasher.write_u8(u8::from(switch.once));
                    write_count(&mut hasher, switch.close.len());
                    for &door in &switch.close {
                        write_count(&mut hasher, door);
                    }
                }
            }
        }
        if !self.lifts.is_empty() {
            write_count(&mut hasher, self.lifts.len());
            for lift in &self.lifts {
                write_count(&mut hasher, lift.floors.len());
                for &floor in &lift.floors {
                    write_count(&mut hasher, floor);
                }
                write_f32(&mut hasher, lift.low);
                write_f32(&mut hasher, lift.wait);
                write_f32(&mut hasher, lift.speed);
            }
        }
        if has_loose_keys(self) {
            write_f32(&mut hasher, player.push);
            write_f32(&mut hasher, player.kick);
            for obstacle in &self.obstacles {
                hasher.write_u8(u8::from(obstacle.loose));
                write_f32(&mut hasher, obstacle.mass);
                write_f32(&mut hasher, obstacle.friction);
                write_f32(&mut hasher, obstacle.bounce);
            }
        }
        if has_heights(self) {
            write_f32(&mut hasher, player.step);
            write_f32(&mut hasher, player.height);
            hasher.write_u8(u8::from(self.environment.ground));
            write_f32(&mut hasher, self.environment.ceiling_height);
            write_count(&mut hasher, self.floors.len());
            for floor in &self.floors {
                write_count(&mut hasher, floor.points.len());
                for &point in &floor.points {
                    write_point(&mut hasher, point);
                }
                write_f32(&mut hasher, floor.height);
                write_f32(&mut hasher, floor.ceiling);
            }
        }
        if !self.teleporters.is_empty() || !self.exits.is_empty() {
            let has_once_teleporters = self.teleporters.iter().any(|teleporter| teleporter.once);
            write_count(&mut hasher, self.teleporters.len());
            for teleporter in &self.teleporters {
                write_line(&mut hasher, &teleporter.line);
                write_point(&mut hasher, teleporter.to);
                write_f32(&mut hasher, teleporter.yaw_degrees);
                if has_once_teleporters {
                    hasher.write_u8(u8::from(teleporter.once));
                }
            }
            write_count(&mut hasher, self.exits.len());
            for exit in &self.exits {
                write_line(&mut hasher, &exit.line);
                hasher.write_u8(match exit.by {
                    ExitBy::Use => 0,
                    ExitBy::Walk => 1,
                });
            }
        }
        hasher.finish()
    }
}

fn write_line(hasher: &mut FnvHasher, line: &TriggerLine) {
    write_point(hasher, line.a);
    write_point(hasher, line.b);
}

/// Whether `level` has floors or no ground: without either, `step` and
/// `height` change nothing.
fn has_heights(level: &Level) -> bool {
    !level.floors.is_empty() || !level.environment.ground
}

/// Whether `level` has a loose obstacle, or any of `mass`, `friction`,
/// `bounce`, `push` and `kick` at another value than its default.
fn has_loose_keys(level: &Level) -> bool {
    let player = &level.player;
    (player.push, player.kick) != (defaults::PLAYER_PUSH, defaults::PLAYER_KICK)
        || level.obstacles.iter().any(|obstacle| {
            obstacle.loose
                || (obstacle.mass, obstacle.friction, obstacle.bounce)
                    != (
                        defaults::OBSTACLE_MASS,
                        defaults::OBSTACLE_FRICTION,
                        defaults::OBSTACLE_BOUNCE,
                    )
        })
}

fn write_count(hasher: &mut FnvHasher, count: usize) {
    // usize fits in u64 on every platform Rust supports.
    hasher.write(&(count as u64).to_le_bytes());
}

fn write_point(hasher: &mut FnvHasher, point: Vec2) {
    write_f32(hasher, point.x);
    write_f32(hasher, point.y);
}

fn write_f32(hasher: &mut FnvHasher, value: f32) {
    // Adding 0.0 turns -0.0 into 0.0 and leaves every other value alone.
    hasher.write(&(value + 0.0).to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::MaterialId;

    #[test]
    fn the_same_level_hashes_the_same_and_a_moved_wall_does_not() {
        let house = Level::default_house();
        assert_eq!(house.content_hash(), Level::default_house().content_hash());
        let mut moved = house.clone();
        moved.walls[3].b.x += 0.01;
        assert_ne!(moved.content_hash(), house.content_hash());
        let mut thicker = house.clone();
        thicker.walls[3].radius += 0.01;
        assert_ne!(thicker.content_hash(), house.content_hash());
        let mut respawned = house.clone();
        respawned.player.yaw_degrees = 90.0;
        assert_ne!(respawned.content_hash(), house.content_hash());
    }

    #[test]
    fn looks_do_not_change_the_hash_and_negative_zero_is_zero() {
        let house = Level::default_house();
        let mut retextured = house.clone();
        retextured.walls[0].material = MaterialId(0);
        retextured.walls[0].height += 1.0;
        retextured.name = "renamed".to_owned();
        assert_eq!(retextured.content_hash(), house.content_hash());
        let zero = Level::from_toml_str(
            "name = \"z\"\n[player]\nstart = [0.0, 1.0]\n[[wall]]\na = [0.0, 5.0]\nb = [1.0, 5.0]\n",
            std::path::Path::new("z.toml"),
        )
        .expect("valid")
        .level;
        let mut negative = zero.clone();
        negative.player.start.x = -0.0;
        assert_eq!(negative.content_hash(), zero.content_hash());
    }

    #[test]
    fn the_hash_is_fnv_1a_of_the_documented_bytes() {
        let level = Level::from_toml_str(
            "name = \"one\"\nwall_radius = 0.5\n[player]\nstart = [-1.5, 2.0]\nyaw = 90.0\n\
             [[wall]]\na = [0.0, 5.0]\nb = [3.0, 5.0]\n\
             [[obstacle]]\npoints = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]\n",
            std::path::Path::new("one.toml"),
        )
        .expect("valid")
        .level;
        let mut bytes = Vec::new();
        let f32s = |bytes: &mut Vec<u8>, values: &[f32]| {
            for value in values {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        };
        bytes.extend_from_slice(&1u64.to_le_bytes());
        f32s(&mut bytes, &[0.0, 5.0, 3.0, 5.0, 0.5]);
        bytes.extend_from_slice(&1u64.to_le_bytes());
        bytes.extend_from_slice(&3u64.to_le_bytes());
        f32s(&mut bytes, &[0.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
        let player = level.player;
        f32s(
            &mut bytes,
            &[-1.5, 2.0, 90.0, player.radius, player.eye_height],
        );
        // FNV-1a, 64 bits, written out from its definition.
        let expected = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        assert_eq!(level.content_hash(), expected);
    }

    #[test]
    fn a_rise_doors_height_and_base_change_the_hash_and_a_swing_doors_do_not() {
        let text = |kind: &str, height: f32| {
            format!(
                "[player]\nstart = [0.0, 0.0]\n[[door]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\n\
                 kind = \"{kind}\"\nheight = {height:?}\nbase = 0.0\n"
            )
        };
        let hash = |kind: &str, height: f32| {
            let path = std::path::Path::new("door.toml");
            let level = Level::from_toml_str(&text(kind, height), path);
            level.expect("valid").level.content_hash()
        };
        assert_ne!(hash("rise", 3.0), hash("rise", 3.5));
        assert_ne!(hash("rise", 3.0), hash("swing", 3.0));
        assert_eq!(hash("swing", 3.0), hash("swing", 3.5));
    }

    #[test]
    fn a_switch_its_way_and_its_doors_change_the_hash() {
        let hash = |switch: &str| {
            let text = format!(
                "[player]\nstart = [0.0, 0.0]\n[[door]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\n\
                 [[door]]\na = [4.0, -1.0]\nb = [4.0, 1.0]\n{switch}"
            );
            let level = Level::from_toml_str(&text, std::path::Path::new("switch.toml"));
            level.expect("valid").level.content_hash()
        };
        let switch = |by: &str, doors: &str| {
            format!("[[switch]]\na = [0.0, 2.0]\nb = [1.0, 2.0]\nby = \"{by}\"\ndoors = {doors}\n")
        };
        let used = hash(&switch("use", "[0]"));
        assert_ne!(used, hash(""));
        assert_ne!(used, hash(&switch("walk", "[0]")));
        assert_ne!(used, hash(&switch("use", "[1]")));
        assert_eq!(used, hash(&switch("use", "[0]")));
    }

    #[test]
    fn a_loose_obstacle_adds_the_documented_bytes() {
        let text = "[player]\nstart = [0.0, 0.0]\npush = 250.0\n\
                    [[obstacle]]\npoints = [[2.0, 0.0], [3.0, 0.0], [2.0, 1.0]]\n\
                    loose = true\nmass = 4.0\nbounce = 0.75\n";
        let path = std::path::Path::new("loose.toml");
        let loose = Level::from_toml_str(text, path).expect("valid").level;
        let mut fixed = loose.clone();
        fixed.obstacles[0].loose = false;
        fixed.obstacles[0].mass = defaults::OBSTACLE_MASS;
        fixed.obstacles[0].bounce = defaults::OBSTACLE_BOUNCE;
        fixed.player.push = defaults::PLAYER_PUSH;
        // The fixed level's hash, continued over the loose part's bytes.
        let mut bytes = Vec::new();
        for value in [250.0_f32, defaults::PLAYER_KICK] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.push(1);
        for value in [4.0_f32, defaults::OBSTACLE_FRICTION, 0.75] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        let expected = bytes.iter().fold(fixed.content_hash(), |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        assert_eq!(loose.content_hash(), expected);
    }

    #[test]
    fn teleporters_and_exits_add_the_documented_bytes() {
        let text = "[player]\nstart = [0.0, 0.0]\n\
                    [[teleporter]]\na = [1.0, 0.0]\nb = [1.0, 2.0]\nto = [5.0, -3.0]\nyaw = 90.0\n\
                    [[exit]]\na = [2.0, 0.0]\nb = [2.0, 1.0]\nby = \"walk\"\n";
        let path = std::path::Path::new("lines.toml");
        let level = Level::from_toml_str(text, path).expect("valid").level;
        let without = Level {
            teleporters: Vec::new(),
            exits: Vec::new(),
            ..level.clone()
        };
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&1u64.to_le_bytes());
        for value in [1.0_f32, 0.0, 1.0, 2.0, 5.0, -3.0, 90.0] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.extend_from_slice(&1u64.to_le_bytes());
        for value in [2.0_f32, 0.0, 2.0, 1.0] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.push(1);
        let expected = bytes.iter().fold(without.content_hash(), |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        assert_eq!(level.content_hash(), expected);
    }

    #[test]
    fn a_generated_maze_hashes_to_its_pinned_value() {
        // Demos recorded on mazes name this hash: a change in the maze
        // generator or in the serialization shows up here first.
        let maze = Level::maze(4, 3, 7).expect("a maze");
        assert_eq!(format!("{:016x}", maze.content_hash()), "c95842370dfabf67");
    }
}
