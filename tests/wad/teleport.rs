//! Teleporters and exits of Doom maps: small WADs written by the tests (a
//! teleporter line and its destination in a tagged sector, one without a
//! destination, an exit switch and an exit line) imported and walked in
//! the simulation, and Freedoom's MAP02 teleporter taken by a scripted
//! `replay`, shown by its `--heights` numbers.

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::level::wad::Wad;
use mazewalker::level::wad::import::{ImportedMap, import_map};
use mazewalker::level::{Exit, ExitBy, Level, TriggerLine};
use mazewalker::simulation::{Event, Simulation};
use mazewalker::walker::Pose;

use crate::builder::{
    DoomLumps, WadBuilder, linedef, sector, sidedef, thing, vertex, with_graphics,
};
use crate::freedoom;

/// A SECTORS record with `tag`: the tag is its last two bytes.
fn tagged(mut record: Vec<u8>, tag: u16) -> Vec<u8> {
    let at = record.len() - 2;
    record[at..].copy_from_slice(&tag.to_le_bytes());
    record
}

/// A room of two sectors west (x 0 to 256, the line x = 128 between
/// them) and a room 32 units higher east (x 512 to 768), tagged 7, with a
/// teleport destination (thing 14) in it facing north. The line between
/// the west sectors runs south, so its right side, its front, is west;
/// it has special `divider`, tag 7. The west room's west wall has
/// special `west_wall`. `destination` says whether the destination is
/// there.
fn two_rooms_wad(divider: u16, west_wall: u16, destination: bool) -> WadBuilder {
    let vertices = [
        (0, 0),
        (0, 256),
        (128, 256),
        (128, 0),
        (256, 256),
        (256, 0),
        (512, 0),
        (512, 256),
        (768, 256),
        (768, 0),
    ];
    let one_sided = |start: u16, end: u16, side: u16| linedef(start, end, 1, 0, 0, side, 0xFFFF);
    let wall = |sector: u16| sidedef(0, 0, "-", "-", "wall", sector);
    let open = |sector: u16| sidedef(0, 0, "-", "-", "-", sector);
    let mut things = vec![thing(64, 128, 0, 1, 7)];
    if destination {
        things.push(thing(640, 128, 90, 14, 7));
    }
    let lumps = DoomLumps {
        things,
        linedefs: vec![
            linedef(0, 1, 1, west_wall, 0, 0, 0xFFFF),
            one_sided(1, 2, 1),
            one_sided(3, 0, 2),
            linedef(2, 3, 4, divider, 7, 3, 4),
            one_sided(2, 4, 5),
            one_sided(4, 5, 6),
            one_sided(5, 3, 7),
            one_sided(6, 7, 8),
            one_sided(7, 8, 9),
            one_sided(8, 9, 10),
            one_sided(9, 6, 11),
        ],
        sidedefs: vec![
            wall(0),
            wall(0),
            wall(0),
            open(0),
            open(1),
            wall(1),
            wall(1),
            wall(1),
            wall(2),
            wall(2),
            wall(2),
            wall(2),
        ],
        vertices: vertices.iter().map(|&(x, y)| vertex(x, y)).collect(),
        sectors: vec![
            sector(0, 128, "FLOOR", "FLOOR", 160),
            sector(0, 128, "FLOOR", "FLOOR", 160),
            tagged(sector(32, 160, "FLOOR", "FLOOR", 160), 7),
        ],
    };
    with_graphics(lumps.add_to(WadBuilder::iwad(), "MAP01"))
}

fn imported(wad: WadBuilder) -> ImportedMap {
    let wad = Wad::from_bytes("two-rooms.wad", wad.build()).expect("the WAD reads");
    import_map(&wad, "MAP01", "two-rooms.textures").expect("imports")
}

fn load(imported: &ImportedMap) -> Level {
    match Level::from_toml_str(&imported.text, Path::new("two-rooms.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{}", imported.text),
    }
}

/// The simulation on `level` with the eye standing at `at`.
fn standing_at(level: &Level, at: Vec2) -> (Simulation, Arc<mazewalker::collision::Collider>) {
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(level);
    let walker = &mut simulation.walker;
    walker.place(Pose {
        position: at,
        ..walker.pose()
    });
    walker.land(collider.heights(), level.player.radius);
    (simulation, collider)
}

#[test]
fn dooms_39_teleports_once_and_97_every_time() {
    for (special, once) in [(39, true), (97, false)] {
        let imported = imported(two_rooms_wad(special, 0, true));
        let level = load(&imported);
        assert_eq!(level.teleporters[0].once, once, "{}", imported.text);
    }
}

#[test]
fn a_teleporter_line_sends_the_walker_to_the_destination_in_its_tagged_sector() {
    let imported = imported(two_rooms_wad(97, 0, true));
    assert_eq!(
        imported.summary_line(),
        "MAP01: 10 walls, 3 floors, 0 doors, 0 lifts, 1 teleporters, 0 lamps, 0 obstacles, \
         0 bodies; left out 0 things, 0 specials"
    );
    let level = load(&imported);
    let teleporter = level.teleporters[0];
    // Doom's (128, 256) to (128, 0): x = 4, z from -8 to 0.
    assert_eq!(
        teleporter.line,
        TriggerLine {
            a: Vec2::new(4.0, -8.0),
            b: Vec2::new(4.0, 0.0)
        }
    );
    // Doom's (640, 128), facing north (90): z = -4, yaw -90 (toward -z).
    assert_eq!(teleporter.to, Vec2::new(20.0, -4.0));
    assert_eq!(teleporter.yaw_degrees, -90.0);

    // Walked east over the line from its front (the west), the walker
    // stands on the east room's floor, 1 m up; walked west from behind,
    // nothing.
    // From x = 3.01 at 5 cm a tick, the 20th tick crosses x = 4.
    let (mut simulation, collider) = standing_at(&level, Vec2::new(3.01, -4.0));
    for _ in 0..20 {
        simulation.step_by(Vec2::new(0.05, 0.0), &collider);
    }
    assert_eq!(simulation.walker.position(), Vec2::new(20.0, -4.0));
    assert_eq!(simulation.walker.feet(), 1.0);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(5.0, -4.0));
    for _ in 0..40 {
        simulation.step_by(Vec2::new(-0.05, 0.0), &collider);
    }
    let position = simulation.walker.position();
    assert!(position.x < 3.5, "{position}");
    assert_eq!(simulation.walker.feet(), 0.0);
}

#[test]
fn a_teleporter_without_a_destination_is_left_out_with_a_warning() {
    let imported = imported(two_rooms_wad(97, 0, false));
    assert_eq!(imported.summary.teleporters, 0);
    assert_eq!(imported.summary.left_out_specials, 1);
    assert!(
        imported
            .warnings
            .iter()
            .any(|warning| warning.contains("no teleport destination (thing 14)")),
        "{:?}",
        imported.warnings
    );
    assert!(load(&imported).teleporters.is_empty());
}

#[test]
fn an_exit_switch_is_taken_by_use_and_an_exit_line_by_walking_over_it() {
    let imported = imported(two_rooms_wad(52, 11, false));
    let level = load(&imported);
    // The west wall, Doom's (0, 0) to (0, 256): its front faces east,
    // into the room.
    assert_eq!(
        level.exits,
        [
            Exit {
                line: TriggerLine {
                    a: Vec2::new(0.0, 0.0),
                    b: Vec2::new(0.0, -8.0)
                },
                by: ExitBy::Use
            },
            Exit {
                line: TriggerLine {
                    a: Vec2::new(4.0, -8.0),
                    b: Vec2::new(4.0, 0.0)
                },
                by: ExitBy::Walk
            },
        ]
    );
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.5, -4.0));
    simulation.press_use(Vec2::new(-1.0, 0.0), &collider);
    assert_eq!(simulation.events(), [Event::Exited { exit: 0 }]);
    let mut exits = Vec::new();
    for _ in 0..60 {
        simulation.step_by(Vec2::new(0.05, 0.0), &collider);
        exits.extend(
            simulation
                .events()
                .iter()
                .filter(|event| matches!(event, Event::Exited { .. }))
                .copied(),
        );
    }
    assert_eq!(exits, [Event::Exited { exit: 1 }]);
}

/// MAP02's teleporter line 1070 runs east from Doom's (-320, 960) to
/// (-192, 960): its front is the south, z > -30. The walk starts a metre
/// south of its middle and goes north 5 cm a tick.
const MAP02_WALK_FROM: &str = "-8,-29";
/// Its destination: Doom's (-256, 384).
const MAP02_DESTINATION: (f32, f32) = (-8.0, -12.0);

#[test]
fn freedoom_map02s_teleporter_is_taken_by_a_scripted_replay() {
    let walk = "0 -0.05\n".repeat(40);
    let Some(numbers) =
        freedoom::replayed_heights("freedoom2.wad", "MAP02", MAP02_WALK_FROM, &walk)
    else {
        return;
    };
    let stdout = format!("{numbers:?}");
    assert_eq!(numbers.len(), 40, "{stdout}");
    let teleported = numbers
        .iter()
        .position(|&[x, z, ..]| (x, z) == MAP02_DESTINATION)
        .unwrap_or_else(|| panic!("never at the destination:\n{stdout}"));
    let [_, before_z, before_feet, before_eye] = numbers[teleported - 1];
    let [_, _, feet, eye] = numbers[teleported];
    assert!(before_z > -30.0, "crossed before it teleported:\n{stdout}");
    // Heights count from the map's lowest floor, Doom's -128: the line's
    // south sector. Just before the line the body reaches over the north
    // sector, 8 units up (0.25 m), its eye still easing up the step; the
    // destination's sector stands at Doom's 0, 128 units (4 m) above the
    // lowest, and the eye is 1.28 m (41 units) above the feet there at
    // once.
    assert_eq!(before_feet, 0.25, "\n{stdout}");
    assert!(before_eye - before_feet < 1.28, "\n{stdout}");
    assert_eq!(feet, 4.0, "\n{stdout}");
    assert!((eye - feet - 1.28).abs() < 1e-5, "\n{stdout}");
    // It stays there: the walk goes on north from the destination.
    let [last_x, last_z, ..] = numbers[numbers.len() - 1];
    assert_eq!(last_x, MAP02_DESTINATION.0);
    assert!(last_z <= MAP02_DESTINATION.1, "{stdout}");
}
