//! The map through the real window under a real X server (Xvfb in CI): Tab
//! cycles overlay, full map and off; zoom, fit and follow show on the HUD;
//! walking reveals walls; and in edit mode on the full map the mouse plots,
//! drags an end point and deletes a wall. Its own test binary: one event
//! loop per process.

use crate::common;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;
use winit::event::MouseButton;

/// A 40 × 40 m hall with a wall across its middle that hides its far
/// half; the eye at (-10, 0) looking along +x, at the middle wall.
const HALL: &str = "name = \"Hall\"\n[player]\nstart = [-10.0, 0.0]\n\n\
[[wall]]\na = [-20.0, -20.0]\nb = [20.0, -20.0]\n\n\
[[wall]]\na = [20.0, -20.0]\nb = [20.0, 20.0]\n\n\
[[wall]]\na = [20.0, 20.0]\nb = [-20.0, 20.0]\n\n\
[[wall]]\na = [-20.0, 20.0]\nb = [-20.0, -20.0]\n\n\
[[wall]]\na = [0.0, -19.0]\nb = [0.0, 19.0]\n";

/// The window's size, in pixels.
const SIZE: (u32, u32) = (320, 180);

/// The pixel where the map (following the eye at `eye`, `scale` pixels per
/// metre) shows the floor point `world`.
fn pixel(world: Vec2, eye: Vec2, scale: f32) -> Vec2 {
    (world - eye) * scale + Vec2::new(SIZE.0 as f32, SIZE.1 as f32) / 2.0
}

fn click(button: MouseButton, at: Vec2) -> [ScriptStep; 4] {
    [
        ScriptStep::Pointer(at.x, at.y),
        ScriptStep::Button(button, true),
        ScriptStep::Button(button, false),
        ScriptStep::Ticks(2),
    ]
}

#[test]
fn the_map_cycles_zooms_reveals_and_edits_with_the_mouse() {
    if !crate::own_process("map::the_map_cycles_zooms_reveals_and_edits_with_the_mouse") {
        return;
    }
    if !common::display_or_skip("window_map") {
        return;
    }
    let (path, level) = common::level_file("window_map", HALL);

    let eye = Vec2::new(-10.0, 0.0);
    let at = |x: f32, z: f32| pixel(Vec2::new(x, z), eye, 20.0);
    let mut script = vec![ScriptStep::Ticks(3), ScriptStep::CaptureHud];
    // Overlay, then full.
    for _ in 0..2 {
        script.extend(common::press(Action::CycleMap));
        script.push(ScriptStep::CaptureHud);
    }
    // Edit mode on the full map: click, click, click plots a chain of two
    // walls; dragging their shared end moves both; a right click on the
    // second (where it now is) deletes it.
    script.extend(common::press(Action::ToggleEdit));
    script.extend(click(MouseButton::Left, at(-14.0, -2.0)));
    script.extend(click(MouseButton::Left, at(-10.0, -2.0)));
    script.extend(click(MouseButton::Left, at(-6.0, 2.0)));
    script.extend(common::press(Action::EndChain));
    script.push(ScriptStep::CaptureHud);
    let (from, to) = (at(-10.0, -2.0), at(-10.0, 3.0));
    script.extend([
        ScriptStep::Pointer(from.x, from.y),
        ScriptStep::Button(MouseButton::Left, true),
        ScriptStep::Ticks(2),
        ScriptStep::Pointer(to.x, to.y),
        ScriptStep::Ticks(2),
        ScriptStep::Button(MouseButton::Left, false),
        ScriptStep::Ticks(2),
        ScriptStep::CaptureHud,
    ]);
    script.extend(click(MouseButton::Right, at(-8.0, 2.5)));
    script.push(ScriptStep::CaptureHud);
    script.extend(common::press(Action::ToggleEdit));
    // Off; then the overlay again: zoom in by key and wheel, then fit, then
    // follow again.
    script.extend(common::press(Action::CycleMap));
    script.push(ScriptStep::CaptureHud);
    script.extend(common::press(Action::CycleMap));
    script.extend(common::press(Action::ZoomMapIn));
    script.push(ScriptStep::Wheel(1.0));
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    script.extend(common::press(Action::FitMap));
    script.push(ScriptStep::CaptureHud);
    script.extend(common::press(Action::FollowOnMap));
    script.push(ScriptStep::CaptureHud);

    let options = WindowOptions {
        size: SIZE,
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    let find =
        |hud: &Vec<String>, start: &str| hud.iter().find(|line| line.starts_with(start)).cloned();
    let lines: Vec<Option<String>> = report.huds.iter().map(|hud| find(hud, "map ")).collect();
    let [
        off,
        overlay,
        full,
        plotted,
        dragged,
        deleted,
        off_again,
        zoomed,
        fitted,
        following,
    ] = &lines[..]
    else {
        panic!("expected 10 HUD captures, got {:?}", report.huds);
    };
    assert_eq!(off, &None);
    let overlay = overlay.as_deref().expect("the overlay shows");
    assert!(
        overlay.starts_with("map overlay  follow on  20.0 px/m  seen "),
        "{overlay}"
    );
    // Looking at the middle wall: it and the side walls are seen; the far
    // wall behind the middle one is not.
    assert!(overlay.ends_with(" of 5 walls"), "{overlay}");
    assert!(
        !overlay.contains("seen 0 ") && !overlay.contains("seen 5 "),
        "{overlay}"
    );
    assert!(
        full.as_deref()
            .is_some_and(|l| l.starts_with("map full  follow on")),
        "{full:?}"
    );
    // Edit mode shows every wall.
    assert!(plotted.as_deref().is_some_and(|l| l.ends_with("all walls")));
    assert!(dragged.is_some() && deleted.is_some());
    let undo = |index: usize| {
        find(&report.huds[index], "EDIT").unwrap_or_else(|| panic!("{:?}", report.huds[index]))
    };
    assert!(undo(3).contains("undo 2"), "{}", undo(3));
    assert!(undo(4).contains("undo 3"), "{}", undo(4));
    assert!(undo(5).contains("undo 4"), "{}", undo(5));
    assert_eq!(off_again, &None);
    // 20 · √2 · 1.125 = 31.8.
    assert!(
        zoomed.as_deref().is_some_and(|l| l.contains(" 31.8 px/m")),
        "{zoomed:?}"
    );
    // The hall, 40 m and a 5% margin each side, in 180 pixels: 4.1 px/m.
    assert!(
        fitted
            .as_deref()
            .is_some_and(|l| l.contains("follow off  4.1 px/m")),
        "{fitted:?}"
    );
    assert!(
        following
            .as_deref()
            .is_some_and(|l| l.contains("follow on"))
    );

    // The level: the five walls, and the first plotted wall with its end
    // dragged; the second was dragged too, then deleted.
    let original = Level::load(&path).expect("unchanged file").level;
    assert_eq!(report.walls.len(), 6, "{:?}", report.walls);
    for (wall, live) in original.walls.iter().zip(&report.walls) {
        assert_eq!((wall.a, wall.b), *live);
    }
    assert_eq!(
        report.walls[5],
        (Vec2::new(-14.0, -2.0), Vec2::new(-10.0, 3.0))
    );
}
