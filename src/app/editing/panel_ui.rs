//! Edit mode's property panel drawn with egui, in the window's top right
//! corner: a row per property of the [`PanelView`]'s item — a list of the
//! level's materials, a choice of two words (a door's kind and opener), a
//! box to tick (whether an obstacle is loose), a number to drag or type (a
//! colour as three) — and the last refusal in
//! red. A number being dragged or typed is held here until it is let go
//! (the drag ends, Enter, a click elsewhere in the panel), so that one drag
//! makes one change, and so one undo step. [`ToolUi`] is the window's side:
//! egui-winit's state, which hears the window's events first.

use egui::{Align2, Color32, ComboBox, DragValue, Grid, Ui};
use winit::event::WindowEvent;
use winit::window::Window;

use super::super::frame::PanelView;
use super::glyph_warm_up::GlyphWarmUp;
use crate::app::job::WorkProgress;
use crate::edit::{Item, Property, PropertyChange, Value};
use crate::level::{DoorKind, DoorOpens, MaterialId, ValueRange};
use crate::platform::Instant;
use crate::render::UiFrame;

/// How far from the window's top right corner the panel stands, in points.
const PANEL_OFFSET: [f32; 2] = [-12.0, 12.0];
/// The colour of a refusal.
const REFUSAL_COLOUR: Color32 = Color32::from_rgb(255, 110, 110);
/// The most decimals a number shows.
const DECIMALS: usize = 3;
/// The names of a colour's components, in order.
const COMPONENTS: [&str; 3] = ["r ", "g ", "b "];

/// A number being dragged or typed, not yet let go.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Draft {
    /// Whose number: the item, its property, and for a colour the
    /// component.
    key: (Item, Property, usize),
    /// The number so far.
    value: f32,
}

/// The panel's egui side: what is being dragged or typed, and the glyphs
/// rasterised ahead of the panel's first frame.
#[derive(Debug, Default)]
pub struct PanelUi {
    draft: Option<Draft>,
    warm_up: GlyphWarmUp,
}

impl PanelUi {
    /// Runs one egui pass of `context` on `input`, showing the panel for
    /// `view` (nothing when `None`) and the bar of `progress` (long work
    /// off the main thread), if any, and laying out the warm-up's next
    /// glyphs. Returns egui's output and the change the person made, if
    /// any.
    pub fn run(
        &mut self,
        context: &egui::Context,
        input: egui::RawInput,
        view: Option<&PanelView<'_>>,
        progress: Option<&WorkProgress>,
    ) -> (egui::FullOutput, Option<PropertyChange>) {
        let mut change = None;
        let output = context.run_pass(input, |context| {
            let drafted = self.draft.take();
            change = view.and_then(|view| self.show(context, view, drafted));
            if let Some(progress) = progress {
                show_progress(context, progress);
            }
            self.warm_up.step(context);
        });
        (output, change)
    }

    /// The panel's window for `view`; `drafted` is the number being
    /// dragged or typed in the last pass.
    fn show(
        &mut self,
        context: &egui::Context,
        view: &PanelView<'_>,
        drafted: Option<Draft>,
    ) -> Option<PropertyChange> {
        egui::Window::new(view.item.to_string())
            .id(egui::Id::unique("properties"))
            .anchor(Align2::RIGHT_TOP, PANEL_OFFSET)
            .collapsible(false)
            .resizable(false)
            .fade_in(false)
            .fade_out(false)
            .show(context, |ui| {
                let change = Grid::new("fields")
                    .num_columns(2)
                    .show(ui, |ui| {
                        let mut change = None;
                        for field in &view.fields {
                            ui.label(field.property.label());
                            let row = Row {
                                view,
                                drafted,
                                range: field.range,
                                property: field.property,
                            };
                            let value = self.field(ui, &row, field.value);
                            change = change.or(value.map(|value| PropertyChange {
                                item: view.item,
                                property: field.property,
                                value,
                            }));
                            ui.end_row();
                        }
                        change
                    })
                    .inner;
                if let Some(refusal) = view.refusal {
                    ui.colored_label(REFUSAL_COLOUR, refusal);
                }
                change
            })
            .and_then(|response| response.inner.flatten())
    }

    /// The control of one field whose value is `value`; the new value once
    /// the person has chosen one.
    fn field(&mut self, ui: &mut Ui, row: &Row<'_, '_>, value: Value) -> Option<Value> {
        match value {
            Value::Material(current) => material(ui, row, current).map(Value::Material),
            Value::Kind(current) => words(ui, &DoorKind::WORDS, current).map(Value::Kind),
            Value::Opens(current) => words(ui, &DoorOpens::WORDS, current).map(Value::Opens),
            Value::Switch(current) => switch(ui, current).map(Value::Switch),
            Value::Number(current) => self.number(ui, row, 0, current).map(Value::Number),
            Value::Colour(current) => {
                ui.horizontal(|ui| {
                    let mut change = None;
                    for (component, name) in COMPONENTS.into_iter().enumerate() {
                        ui.label(name);
                        let number = self.number(ui, row, component, current[component]);
                        change = change.or(number.map(|number| {
                            let mut colour = current;
                            colour[component] = number;
                            Value::Colour(colour)
                        }));
                    }
                    let [red, green, blue] = current;
                    let swatch = egui::Rgba::from_rgb(red, green, blue);
                    let size =
                        egui::vec2(ui.spacing().interact_size.y, ui.spacing().interact_size.y);
                    egui::color_picker::show_color(ui, swatch, size);
                    change
                })
                .inner
            }
        }
    }

    /// A number to drag or type, `current` now: the new number once it is
    /// let go. While it is dragged or typed it is held as the draft.
    fn number(
        &mut self,
        ui: &mut Ui,
        row: &Row<'_, '_>,
        component: usize,
        current: f32,
    ) -> Option<f32> {
        let key = (row.view.item, row.property, component);
        let mut value = row
            .drafted
            .filter(|draft| draft.key == key)
            .map_or(current, |draft| draft.value);
        let offered = row.range.map_or(f32::MIN..=f32::MAX, ValueRange::offered);
        let response = ui.add(
            DragValue::new(&mut value)
                .range(offered)
                .speed(drag_speed(row.property))
                .suffix(row.property.unit())
                .max_decimals(DECIMALS)
                .update_while_editing(false),
        );
        if response.dragged() || response.has_focus() {
            self.draft = (value != current).then_some(Draft { key, value });
            return None;
        }
        (value != current).then_some(value)
    }
}

/// A row of the panel: what its control needs besides the value.
struct Row<'v, 'a> {
    /// The panel's view.
    view: &'v PanelView<'a>,
    /// The number being dragged or typed in the last pass.
    drafted: Option<Draft>,
    /// The field's property.
    property: Property,
    /// The values the field's numbers may take.
    range: Option<ValueRange>,
}

/// A list of the level's materials, `current` chosen; the one picked.
fn material(ui: &mut Ui, row: &Row<'_, '_>, current: MaterialId) -> Option<MaterialId> {
    let materials = row.view.materials;
    let name = |id: MaterialId| {
        materials
            .get(id.index())
            .map_or("?", |material| &material.name)
    };
    let mut chosen = current;
    ComboBox::from_id_salt(("material", row.view.item))
        .selected_text(name(current))
        .show_ui(ui, |ui| {
            for (index, material) in materials.iter().enumerate() {
                ui.selectable_value(&mut chosen, MaterialId::at(index), &material.name);
            }
        });
    (chosen != current).then_some(chosen)
}

/// A choice among `choices` by the words the level format writes,
/// `current` chosen; the one clicked.
fn words<T: Copy + PartialEq>(ui: &mut Ui, choices: &[(&str, T)], current: T) -> Option<T> {
    let mut chosen = current;
    ui.horizontal(|ui| {
        for (word, value) in choices {
            ui.selectable_value(&mut chosen, *value, *word);
        }
    });
    (chosen != current).then_some(chosen)
}

/// A box to tick, ticked when `current`; its new state once clicked.
fn switch(ui: &mut Ui, current: bool) -> Option<bool> {
    let mut ticked = current;
    ui.checkbox(&mut ticked, "");
    (ticked != current).then_some(ticked)
}

/// How much a number changes per point dragged: a degree of swing, a tenth
/// of a kilogram, half a hundredth of a colour component, a centimetre (or
/// hundredth) otherwise.
fn drag_speed(property: Property) -> f64 {
    match property {
        Property::Swing => 1.0,
        Property::Mass => 0.1,
        Property::Colour => 0.005,
        _ => 0.01,
    }
}

/// How far above the window's bottom edge the progress bar stands, in
/// points.
const PROGRESS_OFFSET: [f32; 2] = [0.0, -48.0];
/// The progress bar's width, in points.
const PROGRESS_WIDTH: f32 = 360.0;

/// The bar of long work off the main thread, centred near the window's
/// bottom edge: what is being done, and how far it has got.
fn show_progress(context: &egui::Context, progress: &WorkProgress) {
    egui::Window::new(progress.what.as_str())
        .id(egui::Id::unique("work progress"))
        .anchor(Align2::CENTER_BOTTOM, PROGRESS_OFFSET)
        .collapsible(false)
        .resizable(false)
        .fade_in(false)
        .fade_out(false)
        .show(context, |ui| {
            ui.add(
                egui::ProgressBar::new(progress.fraction)
                    .desired_width(PROGRESS_WIDTH)
                    .show_percentage(),
            );
        });
}

/// egui's shapes of `output`, tessellated by `context` for the renderer.
pub fn ui_frame(context: &egui::Context, output: egui::FullOutput) -> UiFrame {
    UiFrame {
        primitives: context.tessellate(output.shapes, output.pixels_per_point),
        textures: output.textures_delta,
        pixels_per_point: output.pixels_per_point,
    }
}

/// The window's side of the tool UI: egui-winit's state, which hears the
/// window's events first, and the panel.
pub struct ToolUi {
    state: egui_winit::State,
    panel: PanelUi,
    /// Whether the last frame showed the panel: only then does egui keep
    /// the events it takes from the game.
    shown: bool,
    /// When the tool UI was made: egui's clock starts there.
    started: Instant,
}

impl std::fmt::Debug for ToolUi {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("ToolUi")
            .field("panel", &self.panel)
            .field("shown", &self.shown)
            .finish()
    }
}

impl ToolUi {
    /// The tool UI of `window`, whose device takes textures up to
    /// `max_texture_side` pixels a side.
    pub fn new(window: &Window, max_texture_side: usize) -> Self {
        let state = egui_winit::State::new(
            egui::Context::default(),
            egui::ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            window.theme(),
            Some(max_texture_side),
        );
        Self {
            state,
            panel: PanelUi::default(),
            shown: false,
            started: Instant::now(),
        }
    }

    /// Hands egui a window event; true when egui takes it from the game:
    /// while the panel shows, a pointer event over it or a drag that began
    /// on it, and keys while a number is typed.
    pub fn take_event(&mut self, window: &Window, event: &WindowEvent) -> bool {
        let response = self.state.on_window_event(window, event);
        self.shown
            && match event {
                WindowEvent::KeyboardInput { .. } | WindowEvent::Ime(_) => {
                    self.state.egui_ctx().egui_wants_keyboard_input()
                }
                _ => response.consumed,
            }
    }

    /// One frame of the tool UI on a surface of `surface_size` pixels: the
    /// panel for `view` (none when `None`) and the bar of `progress`, ready
    /// to draw, and the change the person made, if any.
    pub fn frame(
        &mut self,
        window: &Window,
        surface_size: (u32, u32),
        view: Option<&PanelView<'_>>,
        progress: Option<&WorkProgress>,
    ) -> (UiFrame, Option<PropertyChange>) {
        let input = self.take_input(window, surface_size);
        let context = self.state.egui_ctx().clone();
        let (mut output, change) = self.panel.run(&context, input, view, progress);
        self.shown = view.is_some();
        let platform = std::mem::take(&mut output.platform_output);
        self.state.handle_platform_output(window, platform);
        (ui_frame(&context, output), change)
    }

    /// egui's input for this frame, as egui-winit's `take_egui_input`
    /// makes it, but with the screen the size of the surface drawn on
    /// (`surface_size` pixels) rather than of the window: on X11 winit
    /// asks the server for the window's size, a round trip every frame
    /// that waits as long as the server does on a busy machine. The
    /// surface follows the window's resize events, clamped to the largest
    /// texture, and egui draws onto it. No screen while it has no area.
    fn take_input(&mut self, window: &Window, (width, height): (u32, u32)) -> egui::RawInput {
        let native_pixels_per_point = window.scale_factor() as f32;
        let pixels_per_point = self.state.egui_ctx().zoom_factor() * native_pixels_per_point;
        let input = self.state.egui_input_mut();
        input.time = Some(self.started.elapsed().as_secs_f64());
        let size = egui::vec2(width as f32, height as f32) / pixels_per_point;
        input.screen_rect = (size.x > 0.0 && size.y > 0.0)
            .then(|| egui::Rect::from_min_size(egui::Pos2::ZERO, size));
        input
            .viewports
            .entry(input.viewport_id)
            .or_default()
            .native_pixels_per_point = Some(native_pixels_per_point);
        input.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editing::glyph_warm_up::GLYPHS_PER_FRAME;
    use crate::app::editing::panel::Panel;
    use crate::level::Level;

    /// What the tests feed egui: a 1280×720 screen at one pixel a point,
    /// the time, and events.
    fn input(time: f64, events: Vec<egui::Event>) -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            time: Some(time),
            events,
            ..Default::default()
        }
    }

    /// Where the text `wanted` is drawn among `shapes`, the first time.
    fn text_at(shapes: &[egui::epaint::ClippedShape], wanted: &str) -> Option<egui::Rect> {
        shapes.iter().find_map(|clipped| match &clipped.shape {
            egui::Shape::Text(text) if text.galley.text() == wanted => {
                Some(text.galley.rect.translate(text.pos.to_vec2()))
            }
            _ => None,
        })
    }

    fn button(pos: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// Runs the panel for `view` pass after pass, one event list a pass,
    /// a tenth of a second apart; the changes made and the last pass's
    /// shapes.
    fn play(
        view: &PanelView<'_>,
        passes: Vec<Vec<egui::Event>>,
    ) -> (Vec<PropertyChange>, Vec<egui::epaint::ClippedShape>) {
        let context = egui::Context::default();
        let mut panel = PanelUi::default();
        let mut changes = Vec::new();
        let mut shapes = Vec::new();
        for (number, events) in passes.into_iter().enumerate() {
            let time = number as f64 / 10.0;
            let (mut output, change) = panel.run(&context, input(time, events), Some(view), None);
            changes.extend(change);
            shapes = std::mem::take(&mut output.shapes);
            output.drop_without_applying_deltas();
        }
        (changes, shapes)
    }

    /// The panel's view of `item` of `level`.
    fn view_of(level: &Level, item: Item) -> PanelView<'_> {
        let piece = crate::edit::Piece::held(level, item).expect("the level has the item");
        PanelView {
            item,
            fields: crate::edit::properties::fields(&piece),
            materials: &level.materials,
            refusal: None,
        }
    }

    #[test]
    fn after_the_glyph_warm_up_the_panels_first_frame_rasterises_no_glyph() {
        let level = Level::default_house();
        let view = view_of(&level, Item::Wall(0));
        let context = egui::Context::default();
        let mut panel = PanelUi::default();
        let mut passes = 0;
        while !panel.warm_up.is_done() {
            let (output, _) = panel.run(&context, input(0.0, vec![]), None, None);
            output.drop_without_applying_deltas();
            passes += 1;
            assert!(passes < 1_000, "the warm-up never ends");
        }
        // Two fonts (labels and buttons share one), four offsets, 95
        // characters.
        let glyphs: usize = 2 * 4 * 95;
        assert_eq!(passes, glyphs.div_ceil(GLYPHS_PER_FRAME));
        let (output, _) = panel.run(&context, input(0.1, vec![]), Some(&view), None);
        assert!(
            output.textures_delta.set.is_empty(),
            "the font texture grew"
        );
        output.drop_without_applying_deltas();
    }

    #[test]
    fn without_the_glyph_warm_up_the_panels_first_frame_rasterises_glyphs() {
        // The test above would pass for nothing if the panel's first frame
        // never added to the font texture.
        let level = Level::default_house();
        let view = view_of(&level, Item::Wall(0));
        let context = egui::Context::default();
        let mut panel = PanelUi::default();
        // The first pass makes the font texture.
        let (output, _) = panel.run(&context, input(0.0, vec![]), None, None);
        output.drop_without_applying_deltas();
        let (output, _) = panel.run(&context, input(0.1, vec![]), Some(&view), None);
        assert!(!output.textures_delta.set.is_empty(), "the font texture");
        output.drop_without_applying_deltas();
    }

    #[test]
    fn the_panel_shows_each_field_of_the_item_in_the_top_right_corner() {
        let level = Level::default_house();
        let view = view_of(&level, Item::Wall(0));
        let (changes, output) = play(&view, vec![vec![], vec![]]);
        assert!(changes.is_empty(), "{changes:?}");
        for text in ["wall 0", "material", "height", "thickness", "radius"] {
            let at = text_at(&output, text).unwrap_or_else(|| panic!("no `{text}`"));
            assert!(at.min.x > 640.0 && at.max.y < 360.0, "{text} at {at:?}");
        }
        let material = &level.materials[level.walls[0].material.index()].name;
        assert!(text_at(&output, material).is_some(), "the material's name");
        // Numbers to the hundredth (a drag moves them by one), then units.
        assert!(text_at(&output, "0.30").is_some(), "the radius");
        assert!(text_at(&output, " m").is_some(), "in metres");
    }

    #[test]
    fn clicking_a_word_changes_the_door_at_once() {
        let mut level = Level::default_house();
        level.doors.push(crate::level::Door::with_defaults(
            glam::Vec2::ZERO,
            glam::Vec2::X,
            MaterialId(0),
        ));
        let item = Item::Door(level.doors.len() - 1);
        let view = view_of(&level, item);
        let (_, output) = play(&view, vec![vec![], vec![]]);
        let slide = text_at(&output, "slide").expect("the word slide").center();
        let moved = egui::Event::PointerMoved(slide);
        let (changes, _) = play(
            &view,
            vec![
                vec![],
                vec![moved.clone()],
                vec![button(slide, true)],
                vec![button(slide, false)],
                vec![],
            ],
        );
        assert_eq!(
            changes,
            [PropertyChange {
                item,
                property: Property::Kind,
                value: Value::Kind(DoorKind::Slide),
            }]
        );
    }

    #[test]
    fn clicking_the_box_makes_the_obstacle_loose_at_once() {
        let level = Level::default_house();
        let item = Item::Obstacle(0);
        let view = view_of(&level, item);
        let (_, output) = play(&view, vec![vec![], vec![]]);
        let row = text_at(&output, "loose").expect("the loose row");
        let material = &level.materials[level.obstacles[0].material.index()].name;
        let column = text_at(&output, material).expect("the material's name");
        // The box stands at the start of the controls' column, on its row.
        let tick_box = egui::pos2(column.min.x + 4.0, row.center().y);
        let (changes, _) = play(
            &view,
            vec![
                vec![],
                vec![egui::Event::PointerMoved(tick_box)],
                vec![button(tick_box, true)],
                vec![button(tick_box, false)],
                vec![],
            ],
        );
        assert_eq!(
            changes,
            [PropertyChange {
                item,
                property: Property::Loose,
                value: Value::Switch(true),
            }]
        );
    }

    #[test]
    fn a_drag_makes_one_change_when_it_is_let_go() {
        let level = Level::default_house();
        let view = view_of(&level, Item::Wall(0));
        let height = level.walls[0].height;
        let (_, output) = play(&view, vec![vec![], vec![]]);
        let shown = format!("{height:.2}");
        let start = text_at(&output, &shown)
            .unwrap_or_else(|| panic!("no `{shown}`"))
            .center();
        let along = |points: f32| egui::Event::PointerMoved(start + egui::vec2(points, 0.0));
        let (changes, _) = play(
            &view,
            vec![
                vec![],
                vec![along(0.0)],
                vec![button(start, true)],
                vec![along(10.0)],
                vec![along(20.0)],
                vec![along(30.0)],
                vec![button(start + egui::vec2(30.0, 0.0), false)],
                vec![],
            ],
        );
        let [change] = changes.as_slice() else {
            panic!("one change, not {changes:?}");
        };
        assert_eq!(
            (change.item, change.property),
            (Item::Wall(0), Property::Height)
        );
        let Value::Number(dragged) = change.value else {
            panic!("a number: {change:?}");
        };
        // 30 points at 1 cm a point, less the few points egui waits before
        // it takes a press for a drag.
        assert!(
            dragged > height + 0.15 && dragged <= height + 0.3 + 1e-4,
            "{height} dragged to {dragged}"
        );
    }

    #[test]
    fn a_refusal_shows_in_the_panel() {
        let level = Level::default_house();
        let mut panel = Panel::default();
        panel.follow(None, Some(Item::Lamp(0)));
        panel.refused("`height` must be more than 0, not 0".to_owned());
        let view = panel.view(&level).expect("lamp 0");
        let (_, output) = play(&view, vec![vec![], vec![]]);
        for text in [
            "lamp 0",
            "colour",
            "intensity",
            "`height` must be more than 0, not 0",
        ] {
            assert!(text_at(&output, text).is_some(), "no `{text}`");
        }
    }
}
