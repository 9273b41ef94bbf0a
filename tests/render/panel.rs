//! Edit mode's property panel drawn over a frame: a headless session on
//! the house in edit mode with the mouse released describes the panel for
//! the aimed wall, egui lays it out (as the window's shell has it do) and
//! the renderer draws it over the frame. The panel's corner changes and
//! the rest of the picture stays as it was.

use crate::common;

use std::sync::Arc;

use mazewalker::app::{PanelUi, ui_frame};
use mazewalker::level::Level;
use mazewalker::render::offscreen::capture_with_ui;
use winit::keyboard::KeyCode;

use common::{fast_renderer, gpu_or_skip, house_copy, session_on, tap};

const SIZE: (u32, u32) = (640, 360);

#[test]
fn the_panel_is_drawn_in_the_top_right_corner_over_the_frame() {
    let Some(gpu) = gpu_or_skip("the_panel_is_drawn_in_the_top_right_corner_over_the_frame") else {
        return;
    };
    let (path, _) = house_copy("render_panel");
    let level = Level::load(&path).expect("the house").level;
    let mut renderer = fast_renderer(&gpu, &Arc::new(level.clone()), SIZE);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    let frame = session.frame();
    let view = frame
        .panel
        .as_ref()
        .expect("in edit mode with the mouse released, the aimed item's panel shows");
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(SIZE.0 as f32, SIZE.1 as f32),
        )),
        ..Default::default()
    };
    // egui sizes a new window in its first pass and shows it from the
    // second; the first pass's textures (the font) are needed too.
    let context = egui::Context::default();
    let mut panel = PanelUi::default();
    let (mut output, _) = panel.run(&context, input(), Some(view), None);
    output.append(panel.run(&context, input(), Some(view), None).0);
    let mut ui = ui_frame(&context, output);
    assert!(!ui.primitives.is_empty(), "the panel has shapes");

    let frame_input = frame.input();
    let without =
        capture_with_ui(&gpu, &mut renderer, &frame_input, None, None).expect("the frame alone");
    let with = capture_with_ui(&gpu, &mut renderer, &frame_input, None, Some(&mut ui))
        .expect("the frame with the panel");
    let (width, height) = SIZE;
    let changed = |x_range: std::ops::Range<u32>, y_range: std::ops::Range<u32>| {
        x_range
            .flat_map(|x| y_range.clone().map(move |y| (x, y)))
            .filter(|&(x, y)| with.get_pixel(x, y) != without.get_pixel(x, y))
            .count()
    };
    let corner = changed(width / 2..width, 0..height / 2);
    assert!(
        corner > 2000,
        "the panel covers part of the top right quarter: {corner} pixels changed"
    );
    assert_eq!(changed(0..width / 3, 0..height), 0, "the left third stays");
    assert_eq!(
        changed(0..width, height / 2..height),
        0,
        "the bottom half stays"
    );
}
