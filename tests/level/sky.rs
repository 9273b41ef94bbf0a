//! Open sky: a floor's `sky = true` and `[environment] sky`. Their
//! defaults, their errors with the file, line and column, the save writing
//! them back, and the mesh leaving out the sky floors' ceilings and the
//! headers between two of them.

use std::ops::RangeInclusive;
use std::path::Path;

use mazewalker::level::mesh::{BatchKind, scene_mesh};
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LevelSource};

const PLAYER: &str = "[player]\nstart = [1.0, 1.0]\n";
const WEST: &str = "[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]";
const EAST: &str = "[[4.0, 0.0], [8.0, 0.0], [8.0, 4.0], [4.0, 4.0]]";

/// A floor table over `points`, its ceiling at `ceiling`, with `more` keys.
fn floor(points: &str, ceiling: f32, more: &str) -> String {
    format!("\n[[floor]]\npoints = {points}\nheight = 0\nceiling = {ceiling}\n{more}")
}

/// Two rooms side by side in the void, the east one's ceiling 1 m higher,
/// with `west` and `east` as their extra keys.
fn two_rooms(environment: &str, west: &str, east: &str) -> String {
    format!(
        "{PLAYER}\n[environment]\nground = false\n{environment}{}{}",
        floor(WEST, 3.0, west),
        floor(EAST, 4.0, east)
    )
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("sky.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

fn message_for(text: &str) -> String {
    match Level::from_toml_str(text, Path::new("sky.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn without_the_keys_no_floor_is_open_and_the_level_has_no_sky() {
    let level = loads(&two_rooms("", "", ""));
    assert_eq!(level.environment.sky, None);
    assert!(level.floors.iter().all(|floor| !floor.sky));
    assert_eq!(Level::default_house().environment.sky, None);
}

#[test]
fn the_sky_names_a_material_and_a_floor_opens_with_sky_true() {
    let level = loads(&two_rooms(
        "sky = \"brick\"\n",
        "sky = true\n",
        "sky = false\n",
    ));
    let sky = level.environment.sky.expect("a sky");
    assert_eq!(level.materials[sky.index()].name, "brick");
    let open: Vec<bool> = level.floors.iter().map(|floor| floor.sky).collect();
    assert_eq!(open, [true, false]);
}

#[test]
fn an_unknown_sky_material_or_a_sky_that_is_not_a_bool_is_refused_where_written() {
    let message = message_for(&two_rooms("sky = \"brik\"\n", "", ""));
    assert!(
        message.starts_with("sky.toml:6:7: environment: unknown material `brik`"),
        "{message}"
    );
    assert!(message.contains("did you mean `brick`?"), "{message}");
    let message = message_for(&two_rooms("", "sky = 1\n", ""));
    assert!(message.starts_with("sky.toml:11:7:"), "{message}");
    assert!(message.contains("bool"), "{message}");
    let message = message_for(&two_rooms("", "sky = \"yes\"\n", ""));
    assert!(message.starts_with("sky.toml:11:7:"), "{message}");
}

#[test]
fn a_written_level_keeps_its_sky_and_its_open_floors() {
    let mut level = loads(&two_rooms("sky = \"brick\"\n", "sky = true\n", ""));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert!(text.contains("\nsky = \"brick\"\n"), "{text}");
    assert_eq!(text.matches("\nsky = true\n").count(), 1, "{text}");
    assert!(!text.contains("sky = false"), "{text}");
    let mut back = loads(&text);
    back.source = level.source.clone();
    assert_eq!(back.environment.sky, level.environment.sky);
    assert_eq!(back.floors, level.floors);
}

/// How many of the mesh's vertices lie at height `y`, between `xs` on
/// the plan, on faces whose normal is `normal`.
fn vertices_at(level: &Level, xs: RangeInclusive<f32>, y: f32, normal: [f32; 3]) -> usize {
    scene_mesh(level)
        .vertices
        .iter()
        .filter(|v| v.normal == normal && (v.position[1] - y).abs() < 1e-3)
        .filter(|v| xs.contains(&v.position[0]))
        .count()
}

const DOWN: [f32; 3] = [0.0, -1.0, 0.0];
/// The header at x = 4 between the rooms, from 3 m up to 4 m, looks east:
/// into the higher ceiling's room, from which it is seen.
const EAST_FACING: [f32; 3] = [1.0, 0.0, 0.0];

#[test]
fn a_sky_floor_has_no_ceiling_face() {
    let closed = loads(&two_rooms("", "", ""));
    assert!(
        vertices_at(&closed, 0.0..=4.0, 3.0, DOWN) > 0,
        "the west ceiling"
    );
    let open = loads(&two_rooms("", "sky = true\n", ""));
    assert_eq!(vertices_at(&open, 0.0..=4.0, 3.0, DOWN), 0);
    assert!(
        vertices_at(&open, 4.0..=8.0, 4.0, DOWN) > 0,
        "the east ceiling stays"
    );
}

#[test]
fn the_header_between_two_sky_floors_is_left_out_and_kept_beside_a_closed_one() {
    let header = |west: &str, east: &str| {
        let level = loads(&two_rooms("", west, east));
        vertices_at(&level, 4.0..=4.0, 4.0, EAST_FACING)
    };
    assert!(header("", "") > 0, "between two closed ceilings");
    assert!(header("sky = true\n", "") > 0, "under a closed higher one");
    assert!(header("", "sky = true\n") > 0, "under a closed lower one");
    assert_eq!(header("sky = true\n", "sky = true\n"), 0);
}

/// The batches of the mesh painted with the sky, and their vertices.
fn sky_faces(level: &Level) -> Vec<[f32; 3]> {
    let mesh = scene_mesh(level);
    mesh.batches
        .iter()
        .filter(|batch| batch.kind == BatchKind::Sky)
        .flat_map(|batch| {
            mesh.indices[batch.indices.start as usize..batch.indices.end as usize].to_vec()
        })
        .map(|index| mesh.vertices[index as usize].position)
        .collect()
}

#[test]
fn where_an_open_ceiling_meets_a_higher_closed_one_the_sky_is_painted_over_the_span() {
    const SKY: &str = "sky = \"brick\"\n";
    // The west room open (its ceiling at 3 m), the east one closed at 4:
    // from the west, the sky over the line from 3 m up to 4.
    let level = loads(&two_rooms(SKY, "sky = true\n", ""));
    let corners = sky_faces(&level);
    assert!(!corners.is_empty(), "no sky face");
    assert!(
        corners
            .iter()
            .all(|p| p[0] == 4.0 && (p[1] == 3.0 || p[1] == 4.0)),
        "{corners:?}"
    );
    // It looks west, into the open room.
    assert!(vertices_at(&level, 4.0..=4.0, 3.0, [-1.0, 0.0, 0.0]) > 0);
    // The header is still there, looking east under the closed ceiling.
    assert!(vertices_at(&level, 4.0..=4.0, 4.0, EAST_FACING) > 0);
    // The open ceiling higher, both open, both closed, or no sky to paint
    // with: none.
    for (environment, west, east) in [
        (SKY, "", "sky = true\n"),
        (SKY, "sky = true\n", "sky = true\n"),
        (SKY, "", ""),
        ("", "sky = true\n", ""),
    ] {
        let level = loads(&two_rooms(environment, west, east));
        assert_eq!(
            sky_faces(&level),
            [] as [[f32; 3]; 0],
            "{environment}{west}{east}"
        );
    }
}
