use super::*;
use crate::bindings::Bindings;

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|line| line.to_string()).collect()
}

/// A piece of text painted, in points.
#[derive(Debug, Clone)]
struct Painted {
    text: String,
    colour: Color32,
    rect: Rect,
    /// Its text size, in points.
    size: f32,
}

/// The shapes `overlay` paints on a target of `size` pixels.
fn painted(overlay: &HudText<'_>, size: (u32, u32)) -> Vec<egui::Shape> {
    let context = egui::Context::default();
    let mut output = context.run_pass(text_input(size), |context| paint(context, overlay));
    // No renderer takes the font's texture here.
    output.textures_delta.clear();
    output
        .shapes
        .into_iter()
        .map(|clipped| clipped.shape)
        .collect()
}

fn texts(shapes: &[egui::Shape]) -> Vec<Painted> {
    shapes
        .iter()
        .filter_map(|shape| match shape {
            egui::Shape::Text(text) => Some(Painted {
                text: text.galley.text().to_owned(),
                colour: text.fallback_color,
                rect: text.galley.rect.translate(text.pos.to_vec2()),
                size: text
                    .galley
                    .job
                    .sections
                    .first()
                    .map_or(0.0, |section| section.format.font_id.size),
            }),
            _ => None,
        })
        .collect()
}

/// The filled rectangles painted, each with its colour.
fn rects(shapes: &[egui::Shape]) -> Vec<(Color32, Rect)> {
    shapes
        .iter()
        .filter_map(|shape| match shape {
            egui::Shape::Rect(rect) => Some((rect.fill, rect.rect)),
            _ => None,
        })
        .collect()
}

/// The target of `size` pixels, in points, with the step egui rounds its
/// screen to around it.
fn screen((width, height): (u32, u32)) -> Rect {
    Rect::from_min_size(
        Pos2::ZERO,
        vec2(width as f32, height as f32) / pixels_per_point(height),
    )
    .expand(egui::emath::GUI_ROUNDING)
}

fn help_only(help: &[HelpGroup]) -> HudText<'_> {
    HudText {
        hud: None,
        help: Some(help),
        crosshair: false,
    }
}

/// The help as the app shows it: the default bindings' groups and the
/// gamepad's line.
fn app_help() -> Vec<HelpGroup> {
    let mut help = Bindings::default().help_groups();
    help.push(HelpGroup {
        title: "gamepad".to_owned(),
        lines: lines(&["off: on Linux, build with --features gamepad"]),
    });
    help
}

/// The help's rows (titles and lines), in reading order.
fn rows(groups: &[HelpGroup]) -> Vec<&str> {
    groups
        .iter()
        .flat_map(|group| {
            let title = (!group.title.is_empty()).then_some(group.title.as_str());
            title
                .into_iter()
                .chain(group.lines.iter().map(String::as_str))
        })
        .collect()
}

fn help_texts(shapes: &[egui::Shape]) -> Vec<Painted> {
    texts(shapes)
        .into_iter()
        .filter(|text| text.colour == HELP_TEXT || text.colour == HELP_TITLE)
        .collect()
}

#[test]
fn a_point_grows_with_the_target_height() {
    assert_eq!(pixels_per_point(720), 1.0);
    assert_eq!(pixels_per_point(1080), 1.5);
    assert_eq!(pixels_per_point(2160), 3.0);
    assert_eq!(pixels_per_point(270), MIN_PIXELS_PER_POINT);
}

#[test]
fn the_hud_is_a_translucent_panel_under_its_lines() {
    let hud = lines(&["x 1.00", "ok"]);
    let overlay = HudText {
        hud: Some(&hud),
        ..HudText::default()
    };
    let shapes = painted(&overlay, (1280, 720));
    let [(colour, panel)] = rects(&shapes)[..] else {
        panic!("one panel: {shapes:?}");
    };
    assert_eq!(colour, HUD_PANEL);
    assert!(HUD_PANEL.a() < 255, "the HUD's panel is translucent");
    let texts = texts(&shapes);
    assert_eq!(
        texts
            .iter()
            .map(|text| text.text.as_str())
            .collect::<Vec<_>>(),
        ["x 1.00", "ok"]
    );
    assert!(texts.iter().all(|text| panel.contains_rect(text.rect)));
    assert!(texts[0].rect.max.y <= texts[1].rect.min.y, "one line a row");
    assert!(
        panel.min.x > 0.0 && panel.min.y > 0.0,
        "top left, in a margin"
    );
}

#[test]
fn the_help_is_opaque_and_legible_at_720p() {
    let hud = lines(&["x 15.00  y 1.60  z 7.25"]);
    let help = app_help();
    let overlay = HudText {
        hud: Some(&hud),
        ..help_only(&help)
    };
    let shapes = painted(&overlay, (1280, 720));
    let panels: Vec<Color32> = rects(&shapes).iter().map(|(colour, _)| *colour).collect();
    assert_eq!(panels, [HUD_PANEL, HELP_PANEL]);
    assert_eq!(HELP_PANEL.a(), 255, "the help's panel is opaque");
    let drawn = help_texts(&shapes);
    assert_eq!(drawn.len(), rows(&help).len(), "every row drawn");
    // A point is a pixel at 720 rows: the text is egui's body size or more
    // in pixels too.
    assert_eq!(pixels_per_point(720), 1.0);
    for text in &drawn {
        assert!(text.size >= body_text_size(), "{text:?}");
    }
}

#[test]
fn the_whole_help_lies_inside_the_target_at_common_sizes() {
    let help = app_help();
    let hud = lines(&[
        "x 15.00  y 1.60  z 7.25",
        "heading 180.0 deg",
        "fps 60  F1 help",
    ]);
    for size in [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)] {
        for hud in [None, Some(hud.as_slice())] {
            let overlay = HudText {
                hud,
                ..help_only(&help)
            };
            let shapes = painted(&overlay, size);
            let screen = screen(size);
            for shape in &shapes {
                let bounds = shape.visual_bounding_rect();
                assert!(screen.contains_rect(bounds), "{size:?}: {bounds:?}");
            }
            let drawn = help_texts(&shapes);
            assert_eq!(drawn.len(), rows(&help).len(), "{size:?}: every row");
        }
    }
}

#[test]
fn groups_flow_into_columns_and_stay_whole() {
    let help = app_help();
    let columns = |size| {
        let drawn = help_texts(&painted(&help_only(&help), size));
        let mut lefts: Vec<f32> = drawn.iter().map(|text| text.rect.min.x).collect();
        lefts.dedup();
        (drawn, lefts.len())
    };
    let (drawn, at_720p) = columns((1280, 720));
    assert!(at_720p >= 2, "{at_720p} columns");
    // No group is split: each group's rows share its title's column.
    let mut start = 0;
    for group in &help {
        let rows = &drawn[start..=start + group.lines.len()];
        assert_eq!(rows[0].text, group.title);
        assert!(rows.iter().all(|row| row.rect.min.x == rows[0].rect.min.x));
        start += 1 + group.lines.len();
    }
    // A short help keeps to one column.
    let short = &help[..2];
    let drawn = help_texts(&painted(&help_only(short), (1280, 720)));
    assert_eq!(drawn.len(), rows(short).len());
    assert!(
        drawn
            .iter()
            .all(|text| text.rect.min.x == drawn[0].rect.min.x)
    );
    // A group taller than the window goes on in the next column.
    let long = [HelpGroup {
        title: "everything".to_owned(),
        lines: vec!["a line".to_owned(); 80],
    }];
    let drawn = help_texts(&painted(&help_only(&long), (960, 540)));
    assert_eq!(drawn.len(), 81);
    assert!(
        drawn
            .iter()
            .any(|text| text.rect.min.x > drawn[0].rect.max.x)
    );
}

#[test]
fn titles_are_drawn_in_their_own_colour_above_their_lines() {
    let help = app_help();
    let drawn = help_texts(&painted(&help_only(&help), (1280, 720)));
    let titles: Vec<&str> = drawn
        .iter()
        .filter(|text| text.colour == HELP_TITLE)
        .map(|text| text.text.as_str())
        .collect();
    let expected: Vec<&str> = help.iter().map(|group| group.title.as_str()).collect();
    assert_eq!(titles, expected);
    assert_ne!(HELP_TITLE, HELP_TEXT);
    assert_eq!(drawn[1].colour, HELP_TEXT);
    assert_eq!(drawn[1].rect.min.x, drawn[0].rect.min.x, "same column");
    assert!(drawn[1].rect.min.y >= drawn[0].rect.max.y, "one row lower");
}

#[test]
fn a_help_too_big_for_the_target_is_cut_to_it() {
    let help = app_help();
    for size in [(200, 100), (1, 1), (960, 1), (1, 540)] {
        let shapes = painted(&help_only(&help), size);
        let screen = screen(size);
        let panels = rects(&shapes).into_iter().map(|(_, rect)| rect);
        for bounds in panels.chain(texts(&shapes).into_iter().map(|text| text.rect)) {
            assert!(screen.contains_rect(bounds), "{size:?}: {bounds:?}");
        }
    }
    // 200 x 100 shows the start of the help: the first title.
    let drawn = help_texts(&painted(&help_only(&help), (200, 100)));
    assert!(!drawn.is_empty() && drawn.len() < rows(&help).len());
    assert_eq!(drawn[0].colour, HELP_TITLE);
}

#[test]
fn a_short_help_is_centred() {
    let help = [HelpGroup {
        title: "keys".to_owned(),
        lines: lines(&["F1  this help"]),
    }];
    let shapes = painted(&help_only(&help), (1000, 500));
    let [(colour, panel)] = rects(&shapes)[..] else {
        panic!("one panel: {shapes:?}");
    };
    assert_eq!(colour, HELP_PANEL);
    let middle = screen((1000, 500)).center();
    assert!((panel.center() - middle).length() <= 1.0, "{panel:?}");
}

#[test]
fn the_help_goes_below_or_beside_the_hud_when_there_is_room() {
    let screen = Rect::from_min_size(Pos2::ZERO, vec2(480.0, 270.0));
    let hud = Some(pos2(100.0, 80.0));
    // Centred, each would cover the HUD.
    let below = help_origin(vec2(300.0, 150.0), screen, hud);
    assert_eq!(below, pos2(90.0, 80.0));
    let beside = help_origin(vec2(300.0, 200.0), screen, hud);
    assert_eq!(beside, pos2(100.0, 35.0));
    // Too wide for either: it covers the HUD rather than shrink.
    let over = help_origin(vec2(400.0, 200.0), screen, hud);
    assert_eq!(over, pos2(40.0, 35.0));
    // Without a HUD, or clear of it, it stays centred.
    assert_eq!(
        help_origin(vec2(300.0, 200.0), screen, None),
        beside - vec2(10.0, 0.0)
    );
    let small_hud = Some(pos2(50.0, 20.0));
    assert_eq!(
        help_origin(vec2(300.0, 150.0), screen, small_hud),
        pos2(90.0, 60.0)
    );
}

#[test]
fn the_crosshair_crosses_the_centre() {
    let overlay = HudText {
        crosshair: true,
        ..HudText::default()
    };
    let shapes = painted(&overlay, (1280, 720));
    let bars = rects(&shapes);
    assert_eq!(bars.len(), 2, "two bars");
    let centre = screen((1280, 720)).center();
    for (colour, bar) in bars {
        assert_eq!(colour, CROSSHAIR);
        assert!(bar.contains(centre), "{bar:?}");
    }
    assert!(painted(&HudText::default(), (1280, 720)).is_empty());
}
