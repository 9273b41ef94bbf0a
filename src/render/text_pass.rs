//! The screen text's pass: the HUD, help and crosshair painted by [`hud`]
//! on an egui context of the renderer's own (no window needed, so the
//! window, a screenshot, a timedemo and the tests draw alike), tessellated
//! only when what they show changes, and drawn by `egui_wgpu` last in the
//! frame's own render pass.

use std::fmt;

use super::hud::{self, HudText};
use super::{DEPTH_FORMAT, Targets};
use crate::bindings::HelpGroup;

/// What the text's buffers hold: the overlay they were made for, and the
/// target's size.
#[derive(Debug, Clone, PartialEq)]
struct ShownText {
    hud: Option<Vec<String>>,
    help: Option<Vec<HelpGroup>>,
    crosshair: bool,
    size: (u32, u32),
}

impl ShownText {
    fn new(overlay: &HudText<'_>, size: (u32, u32)) -> Self {
        Self {
            hud: overlay.hud.map(<[String]>::to_vec),
            help: overlay.help.map(<[HelpGroup]>::to_vec),
            crosshair: overlay.crosshair,
            size,
        }
    }

    /// Whether these are `overlay`'s text on a target of `size` pixels.
    fn shows(&self, overlay: &HudText<'_>, size: (u32, u32)) -> bool {
        self.hud.as_deref() == overlay.hud
            && self.help.as_deref() == overlay.help
            && self.crosshair == overlay.crosshair
            && self.size == size
    }
}

/// egui's context and renderer for the screen text, and the text's meshes
/// as last uploaded.
pub(super) struct TextPass {
    context: egui::Context,
    renderer: egui_wgpu::Renderer,
    primitives: Vec<egui::ClippedPrimitive>,
    screen: egui_wgpu::ScreenDescriptor,
    shown: Option<ShownText>,
}

impl fmt::Debug for TextPass {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("TextPass")
            .field("primitives", &self.primitives.len())
            .field("shown", &self.shown)
            .finish()
    }
}

impl TextPass {
    /// The pass for the frame's targets: their format, samples and depth.
    pub(super) fn new(device: &wgpu::Device, targets: &Targets) -> Self {
        let options = egui_wgpu::RendererOptions {
            msaa_samples: targets.sample_count,
            depth_stencil_format: Some(DEPTH_FORMAT),
            ..egui_wgpu::RendererOptions::PREDICTABLE
        };
        Self {
            context: egui::Context::default(),
            renderer: egui_wgpu::Renderer::new(device, targets.format, options),
            primitives: Vec::new(),
            screen: egui_wgpu::ScreenDescriptor {
                size_in_pixels: [targets.size.0, targets.size.1],
                pixels_per_point: hud::pixels_per_point(targets.size.1),
            },
            shown: None,
        }
    }

    /// Lays out and uploads `overlay` for a target of `size` pixels unless
    /// the buffers hold it already. Returns the command buffers egui's
    /// renderer needs submitted before `encoder`'s.
    pub(super) fn prepare(
        &mut self,
        (device, queue): (&wgpu::Device, &wgpu::Queue),
        encoder: &mut wgpu::CommandEncoder,
        overlay: &HudText<'_>,
        size: (u32, u32),
    ) -> Vec<wgpu::CommandBuffer> {
        if self
            .shown
            .as_ref()
            .is_some_and(|shown| shown.shows(overlay, size))
        {
            return Vec::new();
        }
        self.shown = Some(ShownText::new(overlay, size));
        if overlay.is_empty() {
            self.primitives.clear();
            return Vec::new();
        }
        let mut output = self.context.run_pass(hud::text_input(size), |context| {
            hud::paint(context, overlay)
        });
        for (id, deltas) in output.textures_delta.set.drain() {
            for delta in &deltas {
                self.renderer.update_texture(device, queue, id, delta);
            }
        }
        self.primitives = self
            .context
            .tessellate(output.shapes, output.pixels_per_point);
        self.screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [size.0, size.1],
            pixels_per_point: output.pixels_per_point,
        };
        let commands =
            self.renderer
                .update_buffers(device, queue, encoder, &self.primitives, &self.screen);
        for id in output.textures_delta.free.drain() {
            self.renderer.free_texture(&id);
        }
        commands
    }

    /// Draws the text last prepared into `pass`.
    pub(super) fn draw(&self, pass: &mut wgpu::RenderPass<'static>) {
        if !self.primitives.is_empty() {
            self.renderer.render(pass, &self.primitives, &self.screen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_made_again_only_when_what_it_shows_changes() {
        let hud = vec!["x 1.00".to_owned()];
        let help = vec![HelpGroup {
            title: "keys".to_owned(),
            lines: vec!["F1  help".to_owned()],
        }];
        let overlay = HudText {
            hud: Some(&hud),
            help: Some(&help),
            crosshair: false,
        };
        let shown = ShownText::new(&overlay, (1280, 720));
        assert!(shown.shows(&overlay, (1280, 720)));
        assert!(!shown.shows(&overlay, (1280, 721)), "another size");
        let moved = vec!["x 1.01".to_owned()];
        let changes = [
            HudText {
                hud: Some(&moved),
                ..overlay
            },
            HudText {
                hud: None,
                ..overlay
            },
            HudText {
                help: None,
                ..overlay
            },
            HudText {
                crosshair: true,
                ..overlay
            },
        ];
        for changed in changes {
            assert!(!shown.shows(&changed, (1280, 720)), "{changed:?}");
        }
    }
}
