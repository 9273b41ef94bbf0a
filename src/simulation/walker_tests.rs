//! The walker as the tick moves it, alone (no doors, no bodies): speeds,
//! walls, acceleration, turning, switches and drawing between ticks.

use glam::{DVec2, Vec2, Vec3};

use super::{Simulation, StepReport};
use crate::camera::Camera;
use crate::collision::{Collider, MovePolicy, Wall};
use crate::tick::{TICK_RATE, TickClock};
use crate::walker::{MoveIntent, Pose, TickInput, Toggles, Walker};

/// One tick of `walker` alone through `collider`.
fn tick(walker: &mut Walker, input: &TickInput, collider: &Collider) -> StepReport {
    let mut simulation = Simulation::alone(walker.clone());
    let report = simulation.step(input, collider);
    *walker = simulation.walker;
    report
}

fn walker_at_origin(yaw_degrees: f32) -> Walker {
    Walker::standing(Camera::new(Vec3::new(0.0, 1.6, 0.0), yaw_degrees))
}

fn open_space() -> Collider {
    Collider::new(Vec::new(), Vec::new(), 0.3)
}

/// A wall along x = 2 (radius 0.5): the eye stops at x = 1.5.
fn wall_at_x_2() -> Collider {
    let wall = Wall {
        a: Vec2::new(2.0, -50.0),
        b: Vec2::new(2.0, 50.0),
        radius: 0.5,
    };
    Collider::new(vec![wall], Vec::new(), 0.3)
}

fn held(held: MoveIntent) -> TickInput {
    TickInput {
        held,
        ..TickInput::default()
    }
}

fn mouse(x: f64, y: f64) -> TickInput {
    TickInput {
        mouse: DVec2::new(x, y),
        ..TickInput::default()
    }
}

fn run_ticks(walker: &mut Walker, input: TickInput, ticks: u32, collider: &Collider) {
    for _ in 0..ticks {
        tick(walker, &input, collider);
    }
}

const FORWARD: MoveIntent = MoveIntent {
    forward: 1.0,
    right: 0.0,
    turn: 0.0,
    look_up: 0.0,
    run: false,
};

#[test]
fn a_second_of_ticks_walks_the_walking_speed() {
    let collider = open_space();
    let mut walker = walker_at_origin(0.0);
    run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
    assert!(
        (walker.position().x - 6.0).abs() < 1e-4,
        "{}",
        walker.position()
    );
    assert_eq!(walker.position().y, 0.0);
}

#[test]
fn distance_walked_does_not_depend_on_the_frame_rate() {
    // The window's loop: a clock per frame, the frame's ticks, each step.
    let walk = |frame_rate: u32| {
        let collider = open_space();
        let mut walker = walker_at_origin(30.0);
        let mut clock = TickClock::new();
        for _ in 0..2 * frame_rate {
            for _ in 0..clock.advance(1.0 / f64::from(frame_rate)) {
                tick(&mut walker, &held(FORWARD), &collider);
            }
        }
        walker.position()
    };
    let slow = walk(24);
    for frame_rate in [60, 144, 240] {
        assert_eq!(walk(frame_rate), slow, "{frame_rate} Hz against 24 Hz");
    }
    assert!((slow.length() - 6.0).abs() < 1e-4, "{slow}");
}

#[test]
fn diagonals_are_not_faster_and_running_is() {
    let collider = open_space();
    let mut diagonal = walker_at_origin(0.0);
    let intent = MoveIntent {
        right: 1.0,
        ..FORWARD
    };
    run_ticks(&mut diagonal, held(intent), TICK_RATE, &collider);
    assert!((diagonal.position().length() - 3.0).abs() < 1e-4);
    let mut runner = walker_at_origin(0.0);
    let run = MoveIntent {
        run: true,
        ..FORWARD
    };
    run_ticks(&mut runner, held(run), TICK_RATE, &collider);
    assert!((runner.position().x - 6.0).abs() < 1e-4);
}

#[test]
fn a_wall_stops_the_walker_at_its_radius_with_or_without_acceleration() {
    for accelerate in [0.0, 10.0] {
        let collider = wall_at_x_2();
        let mut walker = walker_at_origin(0.0);
        walker.settings.accelerate = accelerate;
        run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
        let x = walker.position().x;
        assert!(
            x <= 1.5 && x > 1.499,
            "accelerate {accelerate}: stopped at {x}"
        );
        // Pressing into the wall leaves no speed to carry away.
        let step = tick(&mut walker, &TickInput::default(), &collider);
        assert_eq!(step.applied, Vec2::ZERO, "accelerate {accelerate}");
    }
}

#[test]
fn a_step_reports_the_move_asked_the_move_made_and_the_wall_touched() {
    let collider = wall_at_x_2();
    let mut walker = walker_at_origin(0.0);
    walker.place(Pose {
        position: Vec2::new(1.49, 0.0),
        yaw: 0.0,
        pitch: 0.0,
    });
    let step = tick(&mut walker, &held(FORWARD), &collider);
    assert!((step.desired.x - 3.0 / 120.0).abs() < 1e-7, "{step:?}");
    assert!(step.applied.x < 0.01 && step.applied.x >= 0.0, "{step:?}");
    let outcome = step.collision.expect("a finite move");
    assert_eq!(
        outcome.contacts().first().map(|contact| contact.surface),
        Some(crate::collision::Surface::Wall(0))
    );
}

#[test]
fn acceleration_ramps_the_speed_up_and_friction_stops_the_walker() {
    let collider = open_space();
    let mut walker = walker_at_origin(0.0);
    walker.settings.accelerate = 10.0;
    let first = tick(&mut walker, &held(FORWARD), &collider);
    let full_tick = 3.0 / 120.0;
    assert!(
        first.applied.x > 0.0 && first.applied.x < full_tick / 2.0,
        "{first:?}"
    );
    run_ticks(&mut walker, held(FORWARD), TICK_RATE, &collider);
    let cruising = tick(&mut walker, &held(FORWARD), &collider);
    assert!(
        (cruising.applied.x - full_tick).abs() < 1e-5,
        "{cruising:?}"
    );
    // Keys released: the walker coasts a little, then stands still.
    let released_at = walker.position().x;
    run_ticks(&mut walker, TickInput::default(), TICK_RATE, &collider);
    let coasted = walker.position().x - released_at;
    assert!(coasted > 0.05 && coasted < 1.0, "coasted {coasted} m");
    let resting = tick(&mut walker, &TickInput::default(), &collider);
    assert_eq!(resting.applied, Vec2::ZERO);
}

#[test]
fn sliding_along_a_wall_keeps_only_the_speed_along_it() {
    let collider = wall_at_x_2();
    let mut walker = walker_at_origin(45.0);
    walker.settings.accelerate = 10.0;
    run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
    assert!(walker.position().x > 1.499);
    // Released against the wall: it coasts along the wall (+z) only.
    let step = tick(&mut walker, &TickInput::default(), &collider);
    assert!(step.applied.y > 0.0, "{step:?}");
    assert!(step.applied.x.abs() < 1e-6, "{step:?}");
}

#[test]
fn keyboard_turning_is_per_second() {
    let collider = open_space();
    let mut walker = walker_at_origin(0.0);
    let turn = MoveIntent {
        turn: 1.0,
        ..MoveIntent::default()
    };
    run_ticks(&mut walker, held(turn), TICK_RATE / 2, &collider);
    assert!(
        (walker.camera.yaw - 1.25).abs() < 1e-4,
        "{}",
        walker.camera.yaw
    );
}

#[test]
fn the_same_mouse_counts_turn_the_same_angle_whatever_the_tick_count() {
    let collider = open_space();
    let turned = |ticks: u32| {
        let mut walker = walker_at_origin(0.0);
        let per_tick = 120.0 / f64::from(ticks);
        run_ticks(
            &mut walker,
            mouse(per_tick, -per_tick / 2.0),
            ticks,
            &collider,
        );
        (walker.camera.yaw, walker.camera.pitch)
    };
    let (yaw, pitch) = turned(1);
    assert!((yaw - 120.0 * 0.0022).abs() < 1e-5, "{yaw}");
    assert!(
        (pitch - 60.0 * 0.0022).abs() < 1e-5,
        "mouse up looks up: {pitch}"
    );
    for ticks in [2, 3, 8, 120] {
        let (other_yaw, other_pitch) = turned(ticks);
        assert!((other_yaw - yaw).abs() < 1e-5, "{ticks} ticks: {other_yaw}");
        assert!(
            (other_pitch - pitch).abs() < 1e-5,
            "{ticks} ticks: {other_pitch}"
        );
    }
}

#[test]
fn invert_y_flips_the_pitch_only() {
    let collider = open_space();
    let mut normal = walker_at_origin(0.0);
    let mut inverted = walker_at_origin(0.0);
    inverted.settings.invert_y = true;
    tick(&mut normal, &mouse(40.0, 30.0), &collider);
    tick(&mut inverted, &mouse(40.0, 30.0), &collider);
    assert!(normal.camera.pitch < 0.0, "mouse down looks down");
    assert_eq!(inverted.camera.pitch, -normal.camera.pitch);
    assert_eq!(inverted.camera.yaw, normal.camera.yaw);
    assert!(normal.camera.yaw > 0.0);
}

#[test]
fn toggles_flip_ghost_and_policy_and_edit_mode_passes_walls() {
    let collider = wall_at_x_2();
    let mut walker = walker_at_origin(0.0);
    let press = |toggles: Toggles| TickInput {
        toggles,
        ..TickInput::default()
    };
    let edit = Toggles {
        edit: true,
        ..Toggles::default()
    };
    let before = walker.clone();
    tick(&mut walker, &press(edit), &collider);
    assert!(walker.editing && walker.passes_walls());
    assert_eq!(walker.move_options, before.move_options, "ghost stays off");
    run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
    assert!(walker.position().x > 5.0, "edit mode passes the wall");
    tick(&mut walker, &press(edit), &collider);
    assert!(!walker.passes_walls(), "leaving restores walking");
    walker.place(Pose {
        position: Vec2::ZERO,
        ..walker.pose()
    });
    tick(
        &mut walker,
        &press(Toggles {
            ghost: true,
            policy: true,
            edit: false,
            torch: true,
            use_door: false,
        }),
        &collider,
    );
    assert!(walker.move_options.ghost);
    assert_eq!(walker.move_options.policy, MovePolicy::Reject);
    assert!(walker.torch, "the torch flips on its tick");
    run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
    assert!(walker.position().x > 5.0, "ghost passes the wall");
}

#[test]
fn the_interpolated_camera_blends_the_last_two_ticks_the_short_way_round() {
    let collider = open_space();
    let mut walker = walker_at_origin(179.0);
    let before = walker.camera;
    // Turn 2° right, across ±180°, while walking.
    let counts = f64::from(2f32.to_radians() / walker.settings.mouse_radians_per_count);
    tick(
        &mut walker,
        &TickInput {
            held: FORWARD,
            mouse: DVec2::new(counts, 0.0),
            ..TickInput::default()
        },
        &collider,
    );
    assert!(walker.camera.yaw < 0.0, "wrapped to {}", walker.camera.yaw);
    assert_eq!(walker.interpolated_camera(0.0), before);
    // At 1, the last tick's eye itself: its heading as the tick wrapped
    // it, not the blend's 181°.
    assert_eq!(walker.interpolated_camera(1.0), walker.camera);
    let half = walker.interpolated_camera(0.5);
    assert!(
        (half.yaw.to_degrees() - 180.0).abs() < 1e-3,
        "{}",
        half.yaw.to_degrees()
    );
    let expected = (before.position + walker.camera.position) / 2.0;
    assert!((half.position - expected).length() < 1e-6);
    assert_eq!(
        walker.interpolated_camera(f32::NAN),
        walker.interpolated_camera(1.0)
    );
}

#[test]
fn placing_the_walker_leaves_nothing_to_interpolate() {
    let mut walker = walker_at_origin(0.0);
    let pose = Pose {
        position: Vec2::new(3.0, -2.0),
        yaw: -1.0,
        pitch: 0.25,
    };
    walker.place(pose);
    assert_eq!(walker.pose(), pose);
    assert_eq!(walker.interpolated_camera(0.0), walker.camera);
}

#[test]
fn wild_input_neither_panics_nor_moves_the_walker_off_the_numbers() {
    let collider = wall_at_x_2();
    let mut walker = walker_at_origin(0.0);
    let wild = TickInput {
        held: MoveIntent {
            forward: f32::INFINITY,
            right: f32::NAN,
            turn: -1e30,
            look_up: f32::NEG_INFINITY,
            run: true,
        },
        mouse: DVec2::new(f64::NAN, 1e300),
        toggles: Toggles::default(),
    };
    for _ in 0..10 {
        tick(&mut walker, &wild, &collider);
    }
    assert!(walker.position().is_finite() && walker.camera.yaw.is_finite());
    assert!(walker.position().x <= 1.5);
    walker.settings.walk_speed = f32::NAN;
    walker.settings.run_speed = f32::NAN;
    let before = walker.position();
    let step = tick(&mut walker, &held(FORWARD), &collider);
    assert!(step.collision.is_err());
    assert_eq!(walker.position(), before);
}

#[test]
fn printed_position_is_paste_ready() {
    let mut walker = walker_at_origin(0.0);
    walker.camera.position = Vec3::new(12.3, 1.6, -4.049);
    assert_eq!(walker.position_for_level_file(), "[12.30, -4.05]");
    walker.camera.position = Vec3::new(-0.001, 1.6, 0.0);
    assert_eq!(walker.position_for_level_file(), "[0.00, 0.00]");
}
