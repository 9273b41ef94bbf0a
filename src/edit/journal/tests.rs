//! The journal written and read back, malformed journals, and replays.

use glam::Vec2;

use super::*;
use crate::collision::ConvexPolygon;
use crate::edit::aim::Item;
use crate::edit::operation::{ItemChange, Piece, Start};
use crate::level::save::{Anchor, KeyText, Tables};
use crate::level::{
    Door, DoorKind, DoorOpens, LevelFloor, LevelObstacle, LevelWall, Light, MaterialId, WallEnd,
};

fn wall() -> LevelWall {
    LevelWall::new(
        Vec2::new(1.5, -0.0),
        Vec2::new(8.0, 1e-7),
        0.3,
        2.8,
        0.15,
        MaterialId(2),
    )
}

fn obstacle() -> LevelObstacle {
    LevelObstacle {
        polygon: ConvexPolygon::new(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 1.0),
        ])
        .expect("a triangle"),
        height: 0.75,
        material: MaterialId(4),
        loose: true,
        mass: 3.5,
        friction: 0.25,
        bounce: 0.6,
        base: None,
    }
}

fn door() -> Door {
    Door {
        a: Vec2::new(1.0, 0.0),
        b: Vec2::new(1.0, 0.9),
        kind: DoorKind::Slide,
        swing_degrees: -45.5,
        thickness: 0.06,
        height: 2.1,
        material: MaterialId(5),
        speed: 1.5,
        opens: DoorOpens::Near,
        close_after: 0.0,
        base: None,
        open: false,
    }
}

fn light() -> Light {
    Light {
        at: Vec2::new(2.5, -0.0),
        height: 1.4,
        colour: [1.0, 0.3, 0.2],
        intensity: 0.5,
        radius: 3.0,
        base: None,
    }
}

/// Walls, lamps and obstacles added, deleted, restored and moved.
fn item_edits() -> Vec<Edit> {
    vec![
        Edit::AddWall {
            a: Vec2::new(1.25, -3.5),
            b: Vec2::new(0.1, 1e20),
        },
        Edit::Delete {
            index: 7,
            piece: Piece::Wall(wall()),
        },
        Edit::MoveEndpoint {
            from: Vec2::new(1.0, 2.0),
            to: Vec2::new(3.0, 4.5),
            walls: vec![(3, WallEnd::A), (12, WallEnd::B)],
        },
        Edit::Restore {
            index: 0,
            piece: Piece::Wall(wall()),
            table: "\n# a \"quoted\" \\ comment\t\u{1}\n[[wall]]  # 0\na = [1.5, -0.0]\n"
                .to_string(),
            anchor: Some(Anchor::Listed(Tables::Doors, 2)),
        },
        Edit::AddLight {
            at: Vec2::new(3.0, 2.25),
        },
        Edit::Delete {
            index: 1,
            piece: Piece::Light(light()),
        },
        Edit::Restore {
            index: 0,
            piece: Piece::Light(light()),
            table: "\n# the reading lamp\n[[light]]\nat = [2.5, -0.0]\nheight = 1.4\n".to_string(),
            anchor: Some(Anchor::First),
        },
        Edit::AddObstacle {
            points: vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(1.5, 0.0),
                Vec2::new(0.0, 0.75),
            ],
        },
        Edit::Delete {
            index: 2,
            piece: Piece::Obstacle(obstacle()),
        },
    ]
}

/// The start, materials, doors and a change of two items.
fn setting_and_door_edits() -> Vec<Edit> {
    vec![
        Edit::Restore {
            index: 0,
            piece: Piece::Obstacle(obstacle()),
            table: "\n# the table\n[[obstacle]]\npoints = [[0, 0], [2, 0], [0, 1]]\n".to_string(),
            anchor: Some(Anchor::Other(1)),
        },
        Edit::SetStart {
            from: Start {
                at: Vec2::new(1.0, 2.0),
                yaw_degrees: 90.0,
            },
            to: Start {
                at: Vec2::new(-3.25, 0.5),
                yaw_degrees: 12.5,
            },
        },
        Edit::SetMaterial {
            item: Item::Wall(3),
            from: "plaster".to_string(),
            to: Some("my \"odd\" \\ name".to_string()),
        },
        Edit::SetMaterial {
            item: Item::Obstacle(0),
            from: "wood".to_string(),
            to: Some("brick".to_string()),
        },
        Edit::AddDoor {
            a: Vec2::new(1.0, 0.0),
            b: Vec2::new(1.0, 0.9),
        },
        Edit::Delete {
            index: 3,
            piece: Piece::Door(door()),
        },
        Edit::Restore {
            index: 1,
            piece: Piece::Door(door()),
            table: "\n[[door]]  # the closet\na = [1, 0]\nb = [1.0, 0.9]\nkind = \"slide\"\n"
                .to_string(),
            anchor: None,
        },
        Edit::SetMaterial {
            item: Item::Door(3),
            from: "brick".to_string(),
            to: None,
        },
        Edit::Change {
            items: vec![
                ItemChange {
                    index: 2,
                    from: Piece::Light(light()),
                    to: Piece::Light(Light {
                        radius: 8.0,
                        ..light()
                    }),
                    keys: vec![KeyText {
                        key: "radius",
                        value: None,
                    }],
                },
                ItemChange {
                    index: 0,
                    from: Piece::Door(door()),
                    to: Piece::Door(Door {
                        kind: DoorKind::Swing,
                        ..door()
                    }),
                    keys: vec![KeyText {
                        key: "kind",
                        value: Some("\"swing\"".to_string()),
                    }],
                },
            ],
        },
    ]
}

/// What [`item_edits`] and [`setting_and_door_edits`] write, each
/// somewhere in the journal's text.
const EVERY_KIND_WRITTEN: &[&str] = &[
    "\nadd 1.25 -3.5 0.1 1e20\n",
    "\nmove 1.0 2.0 3.0 4.5 3a 12b\n",
    "\ndelete 7 1.5 -0.0 8.0 1e-7 0.3 2.8 0.15 2\n",
    "\nadd-light 3.0 2.25\n",
    "\ndelete-light 1 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0\n",
    "\nrestore-light 0 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0 first \"\\n# the",
    " after-door 2 \"\\n# a \\\"quoted",
    " after-table 1 \"\\n# the table",
    "\nadd-obstacle 3 0.0 0.0 1.5 0.0 0.0 0.75\n",
    "\ndelete-obstacle 2 0.75 4 3 0.0 0.0 2.0 0.0 0.0 1.0 loose 3.5 0.25 0.6\n",
    "\nstart 1.0 2.0 90.0 -3.25 0.5 12.5\n",
    "\nmaterial wall 3 \"plaster\" \"my \\\"odd\\\" \\\\ name\"\n",
    "\nmaterial obstacle 0 \"wood\" \"brick\"\n",
    "\nadd-door 1.0 0.0 1.0 0.9\n",
    "\ndelete-door 3 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0\n",
    "\nrestore-door 1 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0 \"\\n[[door]]",
    "\nmaterial door 3 \"brick\" default\n",
    "\nchange 2 lamp 2 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 8.0 \
     1 radius default door 0 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0 \
     1.0 0.0 1.0 0.9 swing -45.5 0.06 2.1 5 1.5 near 0.0 1 kind \"\\\"swing\\\"\"\n",
];

#[test]
fn every_kind_of_edit_reads_back_as_written() {
    let journal = Journal::new(
        "some text",
        [item_edits(), setting_and_door_edits()].concat(),
    );
    let text = journal.to_text();
    assert!(text.starts_with("mazewalker autosave 1\nbase 9 "), "{text}");
    for written in EVERY_KIND_WRITTEN {
        assert!(text.contains(written), "{written:?} is not in {text}");
    }
    assert_eq!(text.lines().count(), 20, "one line per edit: {text}");
    let read = Journal::parse(&text).expect("its own format");
    assert_eq!(read, journal);
    assert_eq!(read.len(), 18);
    assert!(read.applies_to("some text"));
    assert!(!read.applies_to("some other text"));
}

#[test]
fn bases_undrawn_and_aligned_walls_floor_lights_and_skies_read_back_and_items_without_them_without()
{
    let edits: Vec<Edit> = [
        Piece::Wall(wall().with_base(Some(-0.5))),
        Piece::Obstacle(LevelObstacle {
            base: Some(1.25),
            ..obstacle()
        }),
        Piece::Door(Door {
            base: Some(0.3),
            ..door()
        }),
        Piece::Light(Light {
            base: Some(2.0),
            ..light()
        }),
        Piece::Light(light()),
        Piece::Wall(wall().with_drawn(false)),
        Piece::Wall(wall().with_alignment(crate::level::TextureAlignment {
            offset: Vec2::new(0.25, -1.5),
            peg: crate::level::Peg::Bottom,
        })),
        Piece::Wall(
            wall()
                .with_alignment(crate::level::TextureAlignment {
                    offset: Vec2::ZERO,
                    peg: crate::level::Peg::Bottom,
                })
                .with_drawn(false),
        ),
        Piece::Floor(LevelFloor {
            light: 0.5,
            ..floor()
        }),
        Piece::Floor(LevelFloor {
            sky: true,
            ..floor()
        }),
        Piece::Floor(LevelFloor {
            light: 0.25,
            sky: true,
            ..floor()
        }),
        Piece::Floor(LevelFloor {
            sides: vec![
                crate::level::FloorSide {
                    lower: Some(MaterialId(4)),
                    upper: None,
                    offset: Vec2::new(-0.5, 0.125),
                    lower_peg: crate::level::SidePeg::Edge,
                    upper_peg: crate::level::SidePeg::Ceiling,
                },
                crate::level::FloorSide::default(),
            ],
            ..floor()
        }),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, piece)| Edit::Delete { index, piece })
    .collect();
    let journal = Journal::new("some text", edits);
    let text = journal.to_text();
    assert_eq!(text.matches(" base ").count(), 4, "{text}");
    assert_eq!(text.matches(" undrawn").count(), 2, "{text}");
    assert_eq!(
        text.matches(" offset 0.25 -1.5 peg bottom").count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches(" peg bottom").count(), 2, "{text}");
    assert_eq!(text.matches(" light 0.5").count(), 1, "{text}");
    assert_eq!(text.matches(" light 0.25 sky").count(), 1, "{text}");
    assert_eq!(text.matches(" sky").count(), 2, "{text}");
    assert_eq!(
        text.matches(" sides 2 4 - -0.5 0.125 edge ceiling - - 0.0 0.0 ground ground")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(Journal::parse(&text).expect("its own format"), journal);
}

#[test]
fn see_through_and_passable_walls_read_back_and_walls_without_them_without() {
    let edits: Vec<Edit> = [
        wall().with_see_through(true),
        wall().with_blocks(false),
        wall()
            .with_base(Some(0.5))
            .with_drawn(false)
            .with_see_through(true)
            .with_blocks(false)
            .with_alignment(crate::level::TextureAlignment {
                offset: Vec2::new(0.5, 0.25),
                peg: crate::level::Peg::Top,
            }),
        wall(),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, wall)| Edit::Delete {
        index,
        piece: Piece::Wall(wall),
    })
    .collect();
    let journal = Journal::new("some text", edits);
    let text = journal.to_text();
    assert_eq!(text.matches(" see-through").count(), 2, "{text}");
    assert_eq!(text.matches(" passable").count(), 2, "{text}");
    assert_eq!(
        text.matches(" base 0.5 undrawn see-through passable offset 0.5 0.25")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(Journal::parse(&text).expect("its own format"), journal);
}

fn floor() -> LevelFloor {
    LevelFloor {
        points: vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(1.0, 1.5),
        ],
        height: 0.34,
        ceiling: 3.5,
        material: MaterialId(1),
        ceiling_material: MaterialId(2),
        side_material: MaterialId(3),
        light: 1.0,
        sky: false,
        sides: Vec::new(),
    }
}

#[test]
fn floor_edits_and_edits_made_together_read_back_as_written() {
    let square = vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    let edits = vec![
        Edit::AddFloor {
            points: square.clone(),
            height: 0.2,
        },
        Edit::Together {
            edits: vec![
                Edit::AddFloor {
                    points: square.clone(),
                    height: 0.17,
                },
                Edit::Delete {
                    index: 4,
                    piece: Piece::Floor(floor()),
                },
            ],
        },
        Edit::Restore {
            index: 1,
            piece: Piece::Floor(floor()),
            table: "\n[[floor]]  # the stage\npoints = [[0, 0], [2, 0], [1, 1.5]]\n".to_string(),
            anchor: Some(Anchor::Listed(Tables::Floors, 0)),
        },
        Edit::SetMaterial {
            item: Item::Floor(2),
            from: "tiles".to_string(),
            to: None,
        },
        Edit::Change {
            items: vec![ItemChange {
                index: 0,
                from: Piece::Floor(floor()),
                to: Piece::Floor(LevelFloor {
                    ceiling: 4.0,
                    ..floor()
                }),
                keys: vec![KeyText {
                    key: "ceiling",
                    value: Some("4.0".to_string()),
                }],
            }],
        },
    ];
    let journal = Journal::new("some text", edits);
    let text = journal.to_text();
    for written in [
        "\nadd-floor 0.2 4 0.0 0.0 1.0 0.0 1.0 1.0 0.0 1.0\n",
        "\ntogether 2\nadd-floor 0.17 4 ",
        "\ndelete-floor 4 0.34 3.5 1 2 3 3 0.0 0.0 2.0 0.0 1.0 1.5\n",
        "\nrestore-floor 1 0.34 3.5 1 2 3 3 0.0 0.0 2.0 0.0 1.0 1.5 after-floor 0 \"",
        "\nmaterial floor 2 \"tiles\" default\n",
        "\nchange 1 floor 0 0.34 3.5 ",
    ] {
        assert!(text.contains(written), "{written:?} is not in {text}");
    }
    let read = Journal::parse(&text).expect("its own format");
    assert_eq!(read, journal);
    assert_eq!(read.len(), 5, "edits made together are one");
}

/// Broken journals, each with the start of the error it must give.
const MALFORMED_JOURNALS: &[(&str, &str)] = &[
    ("", "line 1: the file is empty"),
    ("mazewalker autosave 2\n", "line 1: expected"),
    (
        "mazewalker autosave 1\n",
        "line 2: the `base` line is missing",
    ),
    (
        "mazewalker autosave 1\nbase 3 abc\n",
        "line 2: expected `base",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\n\n# note\nadd 1 2 3\n",
        "line 5: missing a number",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nadd 1 2 3 4 5\n",
        "line 3: unexpected `5`",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nmove 1 2 3 4 5c\n",
        "line 3: `5c` is not a wall end",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ndelete x\n",
        "line 3: `x` is not a wall index",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nrestore 1 1 2 3 4 0.3 2 0.1 0 nope\n",
        "line 3: the wall's table must be a quoted string",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nadd-light 1\n",
        "line 3: missing a number",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-light 0 1 2 2.5 1 1 1 1\n",
        "line 3: missing a number",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nrestore-light 0 1 2 2.5 1 1 1 1 8 [[light]]\n",
        "line 3: the lamp's table must be a quoted string",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-door 0 1 2 3 4 hinged 90 0.06 2.1 0 1.5 use 4\n",
        "line 3: `hinged` is not a door kind",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-door 0 1 2 3 4 swing 90 0.06 2.1 0 1.5 never 4\n",
        "line 3: `never` is not what opens a door",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nrestore-obstacle 0 0.75 0 3 0 0 1 0 0 1 x\n",
        "line 3: the obstacle's table must be a quoted string",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-obstacle 0 0.75 0 3 0 0 1 0 0 1 loose 20 heavy 0.2\n",
        "line 3: `heavy` is not a number",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 table 0\n",
        "line 3: `table` is not `wall`, `lamp`, `obstacle`, `door` or `floor`",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 lamp 0 1 2 2.5 1 1 1 1 8 1 2 2.5 1 1 1 1 8 1 colour 1\n",
        "line 3: the value of `colour` must be a quoted string",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 lamp 0 1 2 2.5 1 1 1 1 8 1 2 2.5 1 1 1 1 8 1 material \"1\"\n",
        "line 3: `material` is not a key of a lamp",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nchange 99 wall 0\n",
        "line 3: 99 items do not fit on the line",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\nsmash 1\n",
        "line 3: unknown edit `smash`",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ntogether 2\nadd-floor 0.2 3 0 0 1 0 0 1\n",
        "line 3: the journal ends before its 2 edits",
    ),
    (
        "mazewalker autosave 1\nbase 3 0000000000000001\ntogether two\n",
        "line 3: `two` is not a count of edits",
    ),
];

#[test]
fn malformed_journals_name_the_line() {
    for &(text, expected) in MALFORMED_JOURNALS {
        let error = Journal::parse(text).expect_err(text).to_string();
        assert!(error.contains(expected), "{text:?}: {error}");
    }
}

#[test]
fn an_obstacle_written_before_loose_ones_existed_reads_as_fixed() {
    let journal = Journal::parse(
        "mazewalker autosave 1\nbase 3 0000000000000001\n\
         delete-obstacle 2 0.75 4 3 0.0 0.0 2.0 0.0 0.0 1.0\n",
    )
    .expect("a journal without the obstacle's motion");
    let Some(Edit::Delete {
        piece: Piece::Obstacle(read),
        ..
    }) = journal.edits().first()
    else {
        panic!("an obstacle's deletion: {:?}", journal.edits());
    };
    let fixed = LevelObstacle {
        loose: false,
        mass: crate::level::defaults::OBSTACLE_MASS,
        friction: crate::level::defaults::OBSTACLE_FRICTION,
        bounce: crate::level::defaults::OBSTACLE_BOUNCE,
        ..obstacle()
    };
    assert_eq!(read, &fixed);
}

#[test]
fn a_journal_for_another_text_is_not_replayed() {
    let journal = Journal::new("[player]\nstart = [0.0, 0.0]\n", Vec::new());
    assert!(matches!(
        journal.replay("[player]\nstart = [1.0, 0.0]\n"),
        Err(JournalError::OtherBase)
    ));
    assert_eq!(
        journal
            .replay("[player]\nstart = [0.0, 0.0]\n")
            .expect("same text"),
        "[player]\nstart = [0.0, 0.0]\n"
    );
}

#[test]
fn a_door_that_starts_open_reads_back_and_doors_without_it_without() {
    let open = Door {
        kind: DoorKind::Rise,
        open: true,
        ..door()
    };
    let edits: Vec<Edit> = [
        open,
        Door {
            base: Some(0.25),
            ..open
        },
        door(),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, door)| Edit::Delete {
        index,
        piece: Piece::Door(door),
    })
    .collect();
    let journal = Journal::new("some text", edits);
    let text = journal.to_text();
    assert_eq!(text.matches(" open").count(), 2, "{text}");
    assert_eq!(text.matches(" base 0.25 open").count(), 1, "{text}");
    assert_eq!(Journal::parse(&text).expect("its own format"), journal);
}
