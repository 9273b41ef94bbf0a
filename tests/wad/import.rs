//! Importing Doom maps as levels: a room and a step written by the tests,
//! and every map of Freedoom's two WADs, each of which must import, load
//! as a level with no error, and start the walker on a floor.

use std::path::Path;

use glam::Vec2;
use mazewalker::collision::{DoorLeaves, MoveOptions};
use mazewalker::doors::Motion;
use mazewalker::level::wad::Wad;
use mazewalker::level::wad::import::{ImportedMap, import_map};
use mazewalker::level::{
    DoorKind, Level, LevelFloor, Lift, MaterialId, Peg, SidePeg, SwitchBy, TextureAlignment,
};
use mazewalker::simulation::Simulation;

use crate::builder::{
    DoomLumps, WadBuilder, linedef, one_room_wad, sector, sidedef, thing, vertex, with_graphics,
    with_textures,
};
use crate::freedoom;

/// `imported` loaded as the level file `NAME.toml` would be (its pictures
/// are not written: a missing picture is only a warning).
fn load(imported: &ImportedMap) -> Level {
    let path = Path::new("imported.toml");
    match Level::from_toml_str(&imported.text, path) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{}: {error}\n{}", imported.name, imported.text),
    }
}

/// Whether the walker can stand where `level` starts it.
fn starts_on_a_floor(level: &Level) -> bool {
    let heights = level.heights();
    heights.standing_at(level.player.start).is_some()
}

#[test]
fn a_room_becomes_one_floor_four_walls_and_the_start() {
    let wad = Wad::from_bytes("room.wad", one_room_wad().build()).expect("the room reads");
    let imported = import_map(&wad, "E1M1", "room.textures").expect("imports");
    assert_eq!(
        imported.summary_line(),
        "E1M1: 4 walls, 1 floors, 0 doors, 0 lifts, 0 teleporters, 0 lamps, 0 obstacles, \
         0 bodies; left out 0 things, 0 specials"
    );
    let level = load(&imported);
    assert_eq!(level.floors.len(), 1);
    assert!(!level.environment.ground);
    // Doom's (128, 128) is 4 m east and 4 m north: z = -4.
    assert_eq!(level.player.start, Vec2::new(4.0, -4.0));
    assert_eq!(level.player.radius, 0.5);
    assert_eq!(level.player.step, 0.75);
    let floor = &level.floors[0];
    assert_eq!(floor.ceiling - floor.height, 4.0);
    assert!(starts_on_a_floor(&level));
    // The wall texture and the flat are written beside the level.
    let names: Vec<&str> = imported.textures.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"WALL.png"), "{names:?}");
    assert!(names.contains(&"flat_FLOOR.png"), "{names:?}");
}

/// Two rooms side by side, the east one 16 units (0.5 m) higher, the
/// line between them two-sided; the west room's east line opens a door
/// into a closed door sector in the north (special 1).
fn step_wad() -> WadBuilder {
    step_wad_flagged(4)
}

/// [`step_wad`] with the step's line flagged `step_flags` (4 two-sided,
/// and 1 when it blocks).
fn step_wad_flagged(step_flags: u16) -> WadBuilder {
    with_graphics(step_lumps(step_flags).add_to(WadBuilder::iwad(), "E1M1"))
}

/// The lumps of [`step_wad_flagged`].
fn step_lumps(step_flags: u16) -> DoomLumps {
    // x: 0, 128, 256; y: 0, 256; the door sector north of the west room.
    let vertices = [
        (0, 0),
        (0, 256),
        (128, 256),
        (256, 256),
        (256, 0),
        (128, 0),
        (0, 320),
        (128, 320),
    ];
    let one_sided = |start: u16, end: u16, side: u16| linedef(start, end, 1, 0, 0, side, 0xFFFF);
    DoomLumps {
        things: vec![thing(64, 128, 90, 1, 7), thing(200, 64, 0, 3004, 7)],
        linedefs: vec![
            one_sided(0, 1, 0),
            one_sided(2, 3, 1),
            one_sided(3, 4, 2),
            one_sided(4, 5, 3),
            one_sided(5, 0, 4),
            // The step, run south: the west room on its right, the east
            // room on its left.
            linedef(2, 5, step_flags, 0, 0, 5, 6),
            // The door's line: the west room on its right, the door behind.
            linedef(1, 2, 4, 1, 0, 7, 8),
            one_sided(1, 6, 9),
            one_sided(6, 7, 10),
            one_sided(7, 2, 11),
        ],
        sidedefs: vec![
            sidedef(0, 0, "-", "-", "wall", 0),
            sidedef(0, 0, "-", "-", "wall", 1),
            sidedef(0, 0, "-", "-", "wall", 1),
            sidedef(0, 0, "-", "-", "wall", 1),
            sidedef(0, 0, "-", "-", "wall", 0),
            sidedef(0, 0, "-", "wall", "-", 0),
            sidedef(0, 0, "-", "-", "-", 1),
            sidedef(0, 0, "wall", "-", "-", 0),
            sidedef(0, 0, "-", "-", "-", 2),
            sidedef(0, 0, "-", "-", "wall", 2),
            sidedef(0, 0, "-", "-", "wall", 2),
            sidedef(0, 0, "-", "-", "wall", 2),
        ],
        vertices: vertices.iter().map(|&(x, y)| vertex(x, y)).collect(),
        sectors: vec![
            sector(0, 128, "FLOOR", "FLOOR", 160),
            sector(16, 128, "FLOOR", "FLOOR", 160),
            sector(0, 0, "FLOOR", "FLOOR", 160),
        ],
    }
}

#[test]
fn a_step_becomes_two_floors_and_a_closed_door_is_opened() {
    let wad = Wad::from_bytes("step.wad", step_wad().build()).expect("the step reads");
    let imported = import_map(&wad, "E1M1", "step.textures").expect("imports");
    let summary = imported.summary;
    assert_eq!((summary.floors, summary.doors), (3, 1), "{}", imported.text);
    assert_eq!(summary.left_out_things, 1, "the zombieman");
    let level = load(&imported);
    let heights: Vec<f32> = level.floors.iter().map(|f| f.height).collect();
    assert!(heights.contains(&0.5), "{heights:?}");
    // The door sector, shut at 0, opens to 4 units under its
    // neighbour's ceiling of 128: (128 - 4) / 32 m.
    let door = level
        .floors
        .iter()
        .find(|floor| floor.points.iter().any(|p| p.y < -8.5))
        .expect("the door sector's floor");
    assert_eq!(door.ceiling - door.height, 124.0 / 32.0);
    assert!(starts_on_a_floor(&level));
    // Every sector's light level is 160 of Doom's 255.
    for floor in &level.floors {
        assert_eq!(floor.light, 160.0 / 255.0);
    }
}

#[test]
fn a_two_sided_line_that_blocks_is_a_wall_not_drawn_that_stops_the_walker() {
    for (flags, blocks) in [(4, false), (5, true)] {
        let wad = Wad::from_bytes("step.wad", step_wad_flagged(flags).build()).expect("reads");
        let imported = import_map(&wad, "E1M1", "step.textures").expect("imports");
        let level = load(&imported);
        let undrawn: Vec<_> = level.walls.iter().filter(|wall| !wall.drawn()).collect();
        assert_eq!(undrawn.len(), usize::from(blocks), "{}", imported.text);
        // The step's line runs along x = 4 m; the walker, from the west
        // room's middle, walks 4 m east: over the step, or stopped at it.
        let from = Vec2::new(2.0, -4.0);
        let outcome = level
            .collider()
            .move_standing(
                from,
                Vec2::new(4.0, 0.0),
                &MoveOptions::default(),
                &DoorLeaves::empty(),
                0.0,
            )
            .expect("a finite move");
        assert_eq!(outcome.position.x < 4.0, blocks, "{:?}", outcome.position);
    }
}

#[test]
fn a_closed_door_sector_becomes_a_rise_door_that_use_opens_and_the_walker_passes() {
    let wad = Wad::from_bytes("step.wad", step_wad().build()).expect("the step reads");
    let imported = import_map(&wad, "E1M1", "step.textures").expect("imports");
    let level = load(&imported);
    // The door sector (x 0..4 m, z -10..-8) in the frame of its line.
    assert_eq!(level.doors.len(), 1, "{}", imported.text);
    let door = level.doors[0];
    assert_eq!(door.kind, DoorKind::Rise);
    assert_eq!(
        (door.a, door.b),
        (Vec2::new(0.0, -9.0), Vec2::new(4.0, -9.0))
    );
    assert_eq!(door.thickness, 2.0);
    assert_eq!((door.base, door.height), (Some(0.0), 124.0 / 32.0));
    // Doom's 2 units a tic, and 150 tics open.
    assert_eq!(door.speed, 2.0 * 35.0 / 32.0);
    assert!((door.close_after - 150.0 / 35.0).abs() < 1e-6);
    assert_eq!(level.materials[door.material.index()].name, "WALL");

    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    let north = Vec2::new(0.0, -1.0);
    let walk = |simulation: &mut Simulation, ticks: u32| {
        for _ in 0..ticks {
            simulation.step_by(north * 0.02, &collider);
        }
        simulation.walker.position()
    };
    // From (2, -4) the walker stops at the closed door's face, its radius
    // short of z = -8.
    let stopped = walk(&mut simulation, 400);
    assert!((stopped.y + 7.5).abs() < 1e-3, "stopped at {stopped}");
    simulation.press_use(north, &collider);
    // Its bottom clears the walker's 1.75 m after 96 ticks of Doom's speed
    // (2.1875 m/s at 120 ticks a second): not before.
    let held = walk(&mut simulation, 90);
    assert!(
        (held.y + 7.5).abs() < 1e-3,
        "passed under too early: {held}"
    );
    let under = walk(&mut simulation, 60);
    assert!(under.y < -8.5, "still held at {under}");
}

#[test]
fn a_switch_and_a_line_walked_over_open_a_remote_door() {
    let mut lumps = step_lumps(4);
    // The west wall a switch (29: open, wait, close) and the step's line
    // a line walked over (2: open and stay), both for tag 5: the door
    // sector's, whose own line no longer works it.
    lumps.linedefs[0] = linedef(0, 1, 1, 29, 5, 0, 0xFFFF);
    lumps.linedefs[5] = linedef(2, 5, 4, 2, 5, 5, 6);
    lumps.linedefs[6] = linedef(1, 2, 4, 0, 0, 7, 8);
    lumps.sectors[2][24..26].copy_from_slice(&5u16.to_le_bytes());
    let wad = with_graphics(lumps.add_to(WadBuilder::iwad(), "E1M1"));
    let wad = Wad::from_bytes("remote.wad", wad.build()).expect("the map reads");
    let imported = import_map(&wad, "E1M1", "remote.textures").expect("imports");
    let level = load(&imported);
    assert_eq!(level.doors.len(), 1, "{}", imported.text);
    let ways: Vec<(SwitchBy, Vec<usize>)> = (level.switches.iter())
        .map(|switch| (switch.by, switch.doors.clone()))
        .collect();
    assert_eq!(ways, [(SwitchBy::Use, vec![0]), (SwitchBy::Walk, vec![0])]);

    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    // 1 m from the west wall, looking south (at nothing), then west.
    for _ in 0..50 {
        simulation.step_by(Vec2::new(-0.02, 0.0), &collider);
    }
    simulation.press_use(Vec2::new(0.0, 1.0), &collider);
    simulation.step_by(Vec2::ZERO, &collider);
    assert!(simulation.doors().is_closed(0), "opened by nothing");
    simulation.press_use(Vec2::new(-1.0, 0.0), &collider);
    simulation.step_by(Vec2::ZERO, &collider);
    assert_eq!(simulation.doors().states()[0].motion, Motion::Opening);

    // Afresh: a walk east over the step's line (x = 4) opens it too.
    let mut simulation = Simulation::at_spawn(&level);
    for _ in 0..95 {
        simulation.step_by(Vec2::new(0.02, 0.0), &collider);
    }
    assert!(simulation.doors().is_closed(0), "opened before the line");
    for _ in 0..10 {
        simulation.step_by(Vec2::new(0.02, 0.0), &collider);
    }
    assert!(simulation.walker.position().x > 4.0);
    assert!(!simulation.doors().is_closed(0), "the line did not open it");
}

#[test]
fn once_closing_and_shot_door_lines_work_as_doom_works_them() {
    let mut lumps = step_lumps(4);
    // For tag 5, the door sector's: the west wall a switch that closes
    // its door once (50: S1 close), the step's line a line walked over
    // that opens it every time (90: WR open, wait, close), and the east
    // wall a line that is shot (46: GR open and stay); the door's own
    // line works it no more.
    lumps.linedefs[0] = linedef(0, 1, 1, 50, 5, 0, 0xFFFF);
    lumps.linedefs[2] = linedef(3, 4, 1, 46, 5, 2, 0xFFFF);
    lumps.linedefs[5] = linedef(2, 5, 4, 90, 5, 5, 6);
    lumps.linedefs[6] = linedef(1, 2, 4, 0, 0, 7, 8);
    lumps.sectors[2][24..26].copy_from_slice(&5u16.to_le_bytes());
    let wad = with_graphics(lumps.add_to(WadBuilder::iwad(), "E1M1"));
    let wad = Wad::from_bytes("closing.wad", wad.build()).expect("the map reads");
    let imported = import_map(&wad, "E1M1", "closing.textures").expect("imports");
    assert_eq!(imported.summary.left_out_specials, 1, "the shot line");
    let level = load(&imported);
    assert_eq!(level.doors.len(), 1, "{}", imported.text);
    let ways: Vec<(SwitchBy, bool, Vec<usize>, Vec<usize>)> = (level.switches.iter())
        .map(|switch| {
            (
                switch.by,
                switch.once,
                switch.doors.clone(),
                switch.close.clone(),
            )
        })
        .collect();
    assert_eq!(
        ways,
        [
            (SwitchBy::Use, true, vec![], vec![0]),
            (SwitchBy::Walk, false, vec![0], vec![])
        ],
        "{}",
        imported.text
    );

    let collider = level.walking_collider(&std::sync::Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(&level);
    let walk = |simulation: &mut Simulation, dx: f32, ticks: usize| {
        for _ in 0..ticks {
            simulation.step_by(Vec2::new(dx, 0.0), &collider);
        }
    };
    let motion = |simulation: &Simulation| simulation.doors().states()[0].motion;
    let use_west_wall = |simulation: &mut Simulation| {
        simulation.press_use(Vec2::new(-1.0, 0.0), &collider);
        simulation.step_by(Vec2::ZERO, &collider);
    };
    // East over the step's line (x = 4) and back 1 m from the west wall:
    // the door opens; the switch closes it.
    walk(&mut simulation, 0.02, 110);
    walk(&mut simulation, -0.02, 160);
    assert_eq!(motion(&simulation), Motion::Opening);
    use_west_wall(&mut simulation);
    assert_eq!(motion(&simulation), Motion::Closing);
    walk(&mut simulation, 0.0, 400);
    assert!(simulation.doors().is_closed(0));
    // Again: the line opens it again, but the switch is spent.
    walk(&mut simulation, 0.02, 160);
    walk(&mut simulation, -0.02, 160);
    assert_eq!(motion(&simulation), Motion::Opening);
    use_west_wall(&mut simulation);
    assert_eq!(motion(&simulation), Motion::Opening, "closed twice");
}

#[test]
fn an_open_door_sector_a_line_closes_becomes_an_open_rise_door_that_the_line_closes() {
    let mut lumps = step_lumps(4);
    // The door sector open in the map (its ceiling 128 above its floor)
    // and tagged 5; the step's line a line walked over that closes it
    // once (3: W1 close); the door's own line works it no more.
    lumps.sectors[2] = sector(0, 128, "FLOOR", "FLOOR", 160);
    lumps.sectors[2][24..26].copy_from_slice(&5u16.to_le_bytes());
    lumps.linedefs[5] = linedef(2, 5, 4, 3, 5, 5, 6);
    lumps.linedefs[6] = linedef(1, 2, 4, 0, 0, 7, 8);
    let wad = with_graphics(lumps.add_to(WadBuilder::iwad(), "E1M1"));
    let wad = Wad::from_bytes("ambush.wad", wad.build()).expect("the map reads");
    let imported = import_map(&wad, "E1M1", "ambush.textures").expect("imports");
    assert_eq!(imported.summary.left_out_specials, 0, "the closing line");
    assert!(imported.text.contains("open = true"), "{}", imported.text);
    let level = load(&imported);
    assert_eq!(level.doors.len(), 1, "{}", imported.text);
    let door = level.doors[0];
    assert_eq!((door.kind, door.open), (DoorKind::Rise, true));
    assert_eq!((door.base, door.height), (Some(0.0), 4.0));
    let ways: Vec<(SwitchBy, bool, Vec<usize>, Vec<usize>)> = (level.switches.iter())
        .map(|switch| {
            (
                switch.by,
                switch.once,
                switch.doors.clone(),
                switch.close.clone(),
            )
        })
        .collect();
    assert_eq!(ways, [(SwitchBy::Walk, true, vec![], vec![0])]);

    let collider = level.walking_collider(&std::sync::Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(&level);
    let walk = |simulation: &mut Simulation, step: Vec2, ticks: usize| {
        for _ in 0..ticks {
            simulation.step_by(step * 0.02, &collider);
        }
        simulation.walker.position()
    };
    let (north, east) = (Vec2::new(0.0, -1.0), Vec2::X);
    // From (2, -4) north under the open door, into its sector (z -8..-10).
    let inside = walk(&mut simulation, north, 300);
    assert!(
        inside.y < -8.5,
        "the open door stopped the walker at {inside}"
    );
    // Back south, then east over the step's line (x = 4): it closes the
    // door, which comes down and stays down.
    walk(&mut simulation, -north, 300);
    let over = walk(&mut simulation, east, 150);
    assert!(over.x > 4.5, "short of the line at {over}");
    walk(&mut simulation, Vec2::ZERO, 400);
    assert!(simulation.doors().is_closed(0), "the line did not close it");
    // West and north again: the closed door stops the walker at its face.
    walk(&mut simulation, -east, 150);
    let stopped = walk(&mut simulation, north, 300);
    assert!((stopped.y + 7.5).abs() < 1e-3, "stopped at {stopped}");
}

#[test]
fn a_lift_sector_becomes_a_lift_its_switch_and_line_start_and_the_walker_rides() {
    let mut lumps = step_lumps(4);
    // The east room (16 units up) a lift for tag 7, lowering to the west
    // room's floor: its east wall a switch (62) and the step's line a
    // line walked over (88) for it.
    lumps.linedefs[2] = linedef(3, 4, 1, 62, 7, 2, 0xFFFF);
    lumps.linedefs[5] = linedef(2, 5, 4, 88, 7, 5, 6);
    lumps.sectors[1][24..26].copy_from_slice(&7u16.to_le_bytes());
    let wad = with_graphics(lumps.add_to(WadBuilder::iwad(), "E1M1"));
    let wad = Wad::from_bytes("lift.wad", wad.build()).expect("the map reads");
    let imported = import_map(&wad, "E1M1", "lift.textures").expect("imports");
    assert!(
        imported.summary_line().contains(", 1 lifts,"),
        "{}",
        imported.summary_line()
    );
    let level = load(&imported);
    let east = (level.floors.iter())
        .position(|floor| floor.height == 0.5)
        .expect("the east room's floor");
    assert_eq!(
        level.lifts,
        [Lift {
            floors: vec![east],
            low: 0.0,
            wait: 3.0,
            speed: 4.0 * 35.0 / 32.0,
        }],
        "{}",
        imported.text
    );
    let ways: Vec<(SwitchBy, Vec<usize>)> = (level.switches.iter())
        .map(|switch| (switch.by, switch.lifts.clone()))
        .collect();
    assert_eq!(ways, [(SwitchBy::Use, vec![0]), (SwitchBy::Walk, vec![0])]);

    // East from the start over the step's line onto the lift, which
    // lowers to 0 with the walker on it and, after its wait, rises.
    let collider = level.walking_collider(&std::sync::Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(&level);
    for _ in 0..200 {
        simulation.step_by(Vec2::new(0.02, 0.0), &collider);
    }
    assert!(simulation.walker.position().x > 5.0);
    assert_eq!(simulation.walker.feet(), 0.0, "down with the lift");
    for _ in 0..450 {
        simulation.step_by(Vec2::ZERO, &collider);
    }
    assert_eq!(simulation.walker.feet(), 0.5, "up with the lift");
}

#[test]
fn a_steps_riser_takes_the_lower_texture_offsets_and_peg_of_the_side_that_sees_it() {
    // The step's line, lower unpegged: the west room's side (which sees
    // the riser up to the east room) names WALL as its lower texture,
    // shifted 16 units along and 8 down; the east room's side names
    // WALL2, which Doom never shows there.
    let mut lumps = step_lumps(4 | 16);
    lumps.sidedefs[5] = sidedef(16, 8, "-", "wall", "-", 0);
    lumps.sidedefs[6] = sidedef(0, 0, "-", "wall2", "-", 1);
    let wad = Wad::from_bytes(
        "sides.wad",
        with_textures(lumps.add_to(WadBuilder::iwad(), "E1M1"), &["WALL", "WALL2"]).build(),
    )
    .expect("reads");
    let imported = import_map(&wad, "E1M1", "sides.textures").expect("imports");
    let level = load(&imported);
    let material = |name: &str| {
        let index = level.materials.iter().position(|m| m.name == name);
        MaterialId::at(index.unwrap_or_else(|| panic!("{name}\n{}", imported.text)))
    };
    // The step's line runs along x = 4 m from z = −8 to 0.
    let on_the_step = |floor: &LevelFloor| {
        let n = floor.points.len();
        (0..n).find(|&i| floor.points[i].x == 4.0 && floor.points[(i + 1) % n].x == 4.0)
    };
    let side_on_the_step = |height: f32| {
        let floor = (level.floors.iter())
            .find(|floor| floor.height == height && on_the_step(floor).is_some())
            .unwrap_or_else(|| panic!("the floor at {height}\n{}", imported.text));
        floor.side(on_the_step(floor).expect("the step's edge"))
    };
    let west = side_on_the_step(0.0);
    assert_eq!(west.lower, Some(material("WALL")), "{}", imported.text);
    assert_eq!(west.lower_peg, SidePeg::Ceiling);
    assert_eq!(west.upper_peg, SidePeg::Edge);
    // The first vertex's coordinate along the edge (z = −8, running +z)
    // less the x offset, and the y offset, in metres.
    assert_eq!(west.offset, Vec2::new(-8.5, 0.25));
    let east = side_on_the_step(0.5);
    assert_eq!(east.lower, Some(material("WALL2")), "{}", imported.text);
    assert_eq!((east.upper, east.offset), (None, Vec2::new(0.0, 0.0)));
    // Drawn: the riser along x = 4 looks west, into the west room, and
    // is WALL, not WALL2 nor the sectors' most named texture.
    let mesh = mazewalker::level::mesh::scene_mesh(&level);
    let riser_materials: Vec<MaterialId> = (mesh.batches.iter())
        .filter(|batch| {
            let indices = &mesh.indices[batch.indices.start as usize..batch.indices.end as usize];
            indices.iter().any(|&i| {
                let v = &mesh.vertices[i as usize];
                v.position[0] == 4.0 && v.normal == [-1.0, 0.0, 0.0] && v.position[1] < 0.5
            })
        })
        .map(|batch| batch.material)
        .collect();
    assert_eq!(riser_materials, [material("WALL")]);
}

#[test]
fn one_sided_walls_take_their_sides_offsets_and_lower_unpegged_as_doom_aligns_them() {
    // The room, its west line (the first, run north from (0, 0)) lower
    // unpegged with its side offset 16 units along and 8 down.
    let mut lumps = DoomLumps::room();
    lumps.linedefs[0] = linedef(0, 1, 1 | 16, 0, 0, 0, 0xFFFF);
    lumps.sidedefs[0] = sidedef(16, 8, "-", "-", "wall", 0);
    let wad = Wad::from_bytes(
        "aligned.wad",
        with_graphics(lumps.add_to(WadBuilder::iwad(), "E1M1")).build(),
    )
    .expect("reads");
    let imported = import_map(&wad, "E1M1", "aligned.textures").expect("imports");
    let level = load(&imported);
    let alignments: Vec<TextureAlignment> = level.walls.iter().map(|w| w.alignment()).collect();
    // Each u offset is the first vertex's coordinate along the line, in
    // metres, less the x offset: the west line runs north (−z) from z = 0,
    // the north one east from x = 0, the east one south (+z) from z = −8
    // and the south one west (−x) from x = 8.
    assert_eq!(
        alignments,
        [
            TextureAlignment {
                offset: Vec2::new(-0.5, 0.25),
                peg: Peg::Bottom
            },
            TextureAlignment::default(),
            TextureAlignment {
                offset: Vec2::new(-8.0, 0.0),
                peg: Peg::Top
            },
            TextureAlignment {
                offset: Vec2::new(-8.0, 0.0),
                peg: Peg::Top
            },
        ],
        "{}",
        imported.text
    );
    // On the face the room sees, u is minus Doom's: minus the x offset at
    // the first vertex, minus (the line's 256 units + the offset) at the
    // second. WALL is 4 texels wide: 1/8 m a repeat.
    let mesh = mazewalker::level::mesh::scene_mesh(&level);
    let u_at = |z: f32| {
        let corner = mesh
            .vertices
            .iter()
            .find(|v| v.normal == [1.0, 0.0, 0.0] && v.position[0] > 0.01 && v.position[2] == z)
            .expect("a corner of the west wall's inner face");
        corner.uv[0] / 8.0
    };
    assert_eq!((u_at(0.0), u_at(-8.0)), (-0.5, -8.5));
}

#[test]
fn every_freedoom_map_imports_loads_and_starts_on_a_floor() {
    let mut count = 0;
    for name in ["freedoom1.wad", "freedoom2.wad"] {
        let Some(path) = freedoom::path(name) else {
            return;
        };
        let wad = Wad::open(&path).expect("Freedoom reads");
        for map in wad.maps() {
            let imported = import_map(&wad, &map.name, "map.textures")
                .unwrap_or_else(|error| panic!("{}: {error}", map.name));
            let level = load(&imported);
            assert!(
                starts_on_a_floor(&level),
                "{}: the start {} stands on no floor",
                map.name,
                level.player.start
            );
            assert!(imported.summary.floors > 0, "{}", imported.summary_line());
            count += 1;
        }
    }
    assert_eq!(count, 68);
}
