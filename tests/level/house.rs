//! The embedded default house and generated mazes.

use crate::common;

use std::path::Path;

use std::f32::consts::FRAC_PI_2;

use glam::Vec2;
use mazewalker::collision::{Leaf, polygon_polygon_mtv};
use mazewalker::doors::leaf_at;
use mazewalker::level::{
    DEFAULT_HOUSE_TOML, DoorKind, DoorOpens, Level, LevelError, MAZE_CELL_SIZE, TextureSource,
};
use mazewalker::simulation::Simulation;
use mazewalker::tick::TICK_RATE;
use mazewalker::walker::{MoveIntent, Pose, TickInput};

#[test]
fn default_house_loads_without_errors_or_warnings() {
    let loaded = Level::from_toml_str(DEFAULT_HOUSE_TOML, Path::new("house.toml")).expect("valid");
    assert!(loaded.warnings.is_empty(), "{:#?}", loaded.warnings);
    let from_disk =
        Level::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/house.toml"))
            .expect("the file on disk is valid");
    assert_eq!(from_disk.level.walls, Level::default_house().walls);
}

#[test]
fn default_house_is_a_furnished_house() {
    let house = Level::default_house();
    assert!(house.walls.len() >= 40, "{} walls", house.walls.len());
    assert!(
        house.obstacles.len() >= 20,
        "{} obstacles",
        house.obstacles.len()
    );
    let materials: std::collections::HashSet<_> = house
        .walls
        .iter()
        .map(|wall| wall.material)
        .chain(house.obstacles.iter().map(|obstacle| obstacle.material))
        .collect();
    assert!(
        materials.len() >= 4,
        "only {} materials used",
        materials.len()
    );
    assert!(
        house
            .materials
            .iter()
            .all(|material| matches!(material.texture, TextureSource::Builtin(_))),
        "the default house must not depend on files"
    );
    let collider = house.collider();
    assert_eq!(collider.walls().len(), house.walls.len());
    assert_eq!(collider.obstacles().len(), house.obstacles.len());
}

/// Distance from `point` to the segment a→b.
fn distance_to_segment(point: Vec2, a: Vec2, b: Vec2) -> f32 {
    let t = ((point - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
    point.distance(a + (b - a) * t)
}

/// Whether `point` is inside the polygon or within `margin` of its outline.
fn near_polygon(point: Vec2, polygon: &[Vec2], margin: f32) -> bool {
    let edges = || polygon.iter().zip(polygon.iter().cycle().skip(1));
    let sides: Vec<f32> = edges()
        .map(|(&a, &b)| (b - a).perp_dot(point - a))
        .collect();
    let inside = sides.iter().all(|&side| side >= 0.0) || sides.iter().all(|&side| side <= 0.0);
    inside || edges().any(|(&a, &b)| distance_to_segment(point, a, b) < margin)
}

/// Flood-fills a 5 cm grid from the spawn over every place the walker may
/// stand, and checks that every room (one sample point each) is reachable
/// through its door and that the outside is not: doors are wide enough for
/// the walker's radii and the outer walls are closed.
#[test]
fn every_room_of_the_default_house_is_reachable_from_the_spawn() {
    let house = Level::default_house();
    const STEP: f32 = 0.05;
    let origin = Vec2::new(-1.0, -1.0);
    let (columns, rows) = (((22.0 / STEP) as usize), ((16.0 / STEP) as usize));
    let centre = |column: usize, row: usize| {
        origin + Vec2::new(column as f32 + 0.5, row as f32 + 0.5) * STEP
    };
    let free = |point: Vec2| {
        house
            .walls
            .iter()
            .all(|wall| distance_to_segment(point, wall.a, wall.b) >= wall.radius)
            && house.obstacles.iter().all(|obstacle| {
                !near_polygon(point, obstacle.polygon.points(), house.player.radius)
            })
    };
    let cell_of = |point: Vec2| {
        let cell = ((point - origin) / STEP).floor();
        (cell.x as usize, cell.y as usize)
    };
    let mut reached = vec![false; columns * rows];
    let start = cell_of(house.player.start);
    let mut stack = vec![start];
    reached[start.1 * columns + start.0] = true;
    while let Some((column, row)) = stack.pop() {
        let neighbours = [
            (column.wrapping_sub(1), row),
            (column + 1, row),
            (column, row.wrapping_sub(1)),
            (column, row + 1),
        ];
        for (next_column, next_row) in neighbours {
            if next_column >= columns
                || next_row >= rows
                || reached[next_row * columns + next_column]
            {
                continue;
            }
            if free(centre(next_column, next_row)) {
                reached[next_row * columns + next_column] = true;
                stack.push((next_column, next_row));
            }
        }
    }
    let rooms = [
        ("living room", Vec2::new(6.0, 1.0)),
        ("kitchen", Vec2::new(11.5, 4.5)),
        ("study", Vec2::new(15.0, 4.8)),
        ("study alcove", Vec2::new(18.5, 1.2)),
        ("bedroom 1", Vec2::new(2.0, 10.5)),
        ("bedroom 1 closet", Vec2::new(1.1, 13.0)),
        ("bathroom", Vec2::new(8.0, 11.0)),
        ("bedroom 2", Vec2::new(12.5, 10.5)),
        ("bedroom 2 closet", Vec2::new(14.0, 13.0)),
        ("bedroom 3", Vec2::new(17.0, 10.5)),
        ("hallway closet", Vec2::new(19.0, 7.0)),
        ("hallway, east end", Vec2::new(16.0, 7.25)),
    ];
    for (room, point) in rooms {
        let (column, row) = cell_of(point);
        assert!(
            reached[row * columns + column],
            "cannot walk from the spawn to the {room}"
        );
    }
    for outside in [
        Vec2::new(-0.5, -0.5),
        Vec2::new(20.5, 7.0),
        Vec2::new(10.0, 14.5),
    ] {
        let (column, row) = cell_of(outside);
        assert!(
            !reached[row * columns + column],
            "the walker can leave the house at {outside}"
        );
    }
}

#[test]
fn mazes_are_levels_with_the_builtin_textures() {
    let maze = Level::maze(6, 4, 42).expect("a valid size");
    assert!(maze.walls.len() >= 4);
    let (width, depth) = (6.0 * MAZE_CELL_SIZE, 4.0 * MAZE_CELL_SIZE);
    for wall in &maze.walls {
        for end in [wall.a, wall.b] {
            assert!(
                (0.0..=width).contains(&end.x) && (0.0..=depth).contains(&end.y),
                "{end}"
            );
        }
        assert!(wall.thickness / 2.0 < wall.radius);
        assert!(distance_to_segment(maze.player.start, wall.a, wall.b) >= wall.radius);
        assert_eq!(*wall, maze.wall_defaults.wall(wall.a, wall.b));
    }
    assert_eq!(
        maze.materials[maze.wall_defaults.material.index()].name,
        "brick"
    );
    assert_eq!(maze.player.start, Vec2::splat(MAZE_CELL_SIZE / 2.0));
    assert!(maze.player.yaw_degrees == 0.0 || maze.player.yaw_degrees == 90.0);
    assert!(
        maze.materials
            .iter()
            .all(|material| matches!(material.texture, TextureSource::Builtin(_)))
    );
    assert_eq!(maze.collider().walls().len(), maze.walls.len());
}

#[test]
fn an_empty_maze_is_an_error() {
    let error = Level::maze(0, 3, 1).expect_err("zero width");
    assert!(matches!(
        error,
        LevelError::Maze {
            width: 0,
            height: 3,
            ..
        }
    ));
    assert!(error.to_string().starts_with("maze 0x3: "), "{error}");
}

#[test]
fn the_house_has_swing_doors_a_sliding_closet_door_and_a_door_that_opens_near() {
    let house = Level::default_house();
    let swing = house
        .doors
        .iter()
        .filter(|door| door.kind == DoorKind::Swing)
        .count();
    let slide = house.doors.len() - swing;
    let near = house
        .doors
        .iter()
        .filter(|door| door.opens == DoorOpens::Near)
        .count();
    assert!(swing >= 6, "{swing} swing doors");
    assert!(slide >= 1, "{slide} slide doors");
    assert!(near >= 1, "{near} doors open near");
    // Every door hangs in an opening: each jamb touches a wall, and the
    // hinge (or a slide door's pocket side) is a wall's end.
    for (index, door) in house.doors.iter().enumerate() {
        for jamb in [door.a, door.b] {
            assert!(
                house
                    .walls
                    .iter()
                    .any(|wall| distance_to_segment(jamb, wall.a, wall.b) < 1e-3),
                "door {index}: the jamb {jamb} touches no wall"
            );
        }
        assert!(
            house
                .walls
                .iter()
                .any(|wall| wall.a.distance(door.a) < 1e-3 || wall.b.distance(door.a) < 1e-3),
            "door {index}: {} is no wall's end",
            door.a
        );
    }
}

#[test]
fn no_door_of_the_house_swings_or_slides_through_furniture_or_a_wall() {
    let house = Level::default_house();
    for (index, door) in house.doors.iter().enumerate() {
        for step in 0..=20 {
            let opening = step as f32 / 20.0;
            let leaf = leaf_at(door, opening);
            let polygon = leaf.polygon().expect("a leaf is a box");
            for (obstacle_index, obstacle) in house.obstacles.iter().enumerate() {
                assert!(
                    polygon_polygon_mtv(&polygon, &obstacle.polygon).is_none(),
                    "door {index} at {opening} overlaps obstacle {obstacle_index}"
                );
            }
            // A swing door's leaf, once clear of its jambs, passes no wall
            // (a sliding door runs into its pocket inside a wall by design).
            if door.kind == DoorKind::Swing && opening >= 0.25 {
                let centre = leaf_centreline(&leaf);
                for sample in 1..=10 {
                    let point = centre.0 + (centre.1 - centre.0) * (sample as f32 / 10.0);
                    if point.distance(door.a) < 0.1 {
                        continue;
                    }
                    for (wall_index, wall) in house.walls.iter().enumerate() {
                        let clearance = distance_to_segment(point, wall.a, wall.b)
                            - (wall.thickness + door.thickness) / 2.0;
                        assert!(
                            clearance > 0.0,
                            "door {index} at {opening} passes wall {wall_index} at {point}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_closed_house_door_stops_the_walker_until_use_opens_it() {
    let house = Level::default_house();
    let collider = house.collider();
    let mut simulation = Simulation::at_spawn(&house);
    // In the hallway before bedroom 2's door, facing it (south).
    simulation.walker.place(Pose {
        position: Vec2::new(12.55, 7.6),
        yaw: FRAC_PI_2,
        pitch: 0.0,
    });
    let forward = TickInput {
        held: MoveIntent {
            forward: 1.0,
            ..MoveIntent::default()
        },
        ..TickInput::default()
    };
    for _ in 0..TICK_RATE {
        simulation.step(&forward, &collider);
    }
    let stopped = simulation.walker.position().y;
    let leaf_face = 8.5 - house.doors[6].thickness / 2.0;
    assert!(
        (stopped - (leaf_face - house.player.radius)).abs() < 1e-3,
        "stopped at z {stopped}"
    );
    simulation.step(&common::use_press(), &collider);
    for _ in 0..TICK_RATE {
        simulation.step(&TickInput::default(), &collider);
    }
    for _ in 0..TICK_RATE {
        simulation.step(&forward, &collider);
    }
    assert!(
        simulation.walker.position().y > 9.5,
        "still at {} after the door opened",
        simulation.walker.position()
    );
}

/// A leaf's centreline, from the middle of one short side to the other.
fn leaf_centreline(leaf: &Leaf) -> (Vec2, Vec2) {
    let [a, b, c, d] = leaf.corners();
    ((a + d) / 2.0, (b + c) / 2.0)
}
