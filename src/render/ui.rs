//! The tool UI over a frame: egui's shapes (edit mode's property panel),
//! tessellated by egui and drawn by `egui_wgpu` after everything else, in a
//! pass of their own that keeps what the frame drew. egui's renderer is
//! made at the first frame with a UI and lives as long as the
//! [`Renderer`](super::Renderer).

use std::fmt;

use super::Gpu;

/// egui's output for one frame, ready to draw.
#[derive(Debug, Default)]
pub struct UiFrame {
    /// The shapes, tessellated into meshes with clip rectangles.
    pub primitives: Vec<egui::ClippedPrimitive>,
    /// Textures (the font atlas) to upload before drawing and free after;
    /// drawing empties it (egui refuses to drop a change not made).
    pub textures: egui::TexturesDelta,
    /// Physical pixels per egui point.
    pub pixels_per_point: f32,
}

/// The pass that draws a [`UiFrame`].
#[derive(Default)]
pub(super) struct UiPass {
    /// egui's renderer, once a frame had a UI.
    renderer: Option<egui_wgpu::Renderer>,
}

impl fmt::Debug for UiPass {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("UiPass")
            .field("made", &self.renderer.is_some())
            .finish()
    }
}

impl UiPass {
    /// Draws `ui` over what `view` (of `format` and `size` pixels) holds,
    /// making its texture changes (so that drawing it again draws the same
    /// with no change to make).
    pub(super) fn draw(
        &mut self,
        gpu: &Gpu,
        view: &wgpu::TextureView,
        format: wgpu::TextureFormat,
        size: (u32, u32),
        ui: &mut UiFrame,
    ) {
        let (device, queue) = (&gpu.device, &gpu.queue);
        let renderer = self.renderer.get_or_insert_with(|| {
            egui_wgpu::Renderer::new(device, format, egui_wgpu::RendererOptions::default())
        });
        for (id, deltas) in ui.textures.set.drain() {
            for delta in &deltas {
                renderer.update_texture(device, queue, id, delta);
            }
        }
        // With nothing to draw (only glyphs rasterised ahead), the queue
        // writes the textures with the next frame's work, and no pass is
        // drawn over the whole view.
        if !ui.primitives.is_empty() {
            draw_primitives(renderer, gpu, view, size, ui);
        }
        for id in ui.textures.free.drain() {
            renderer.free_texture(&id);
        }
    }
}

/// Draws the primitives of `ui` with `renderer` over what `view` (of `size`
/// pixels) holds, in a pass of their own.
fn draw_primitives(
    renderer: &mut egui_wgpu::Renderer,
    gpu: &Gpu,
    view: &wgpu::TextureView,
    (width, height): (u32, u32),
    ui: &UiFrame,
) {
    let (device, queue) = (&gpu.device, &gpu.queue);
    let screen = egui_wgpu::ScreenDescriptor {
        size_in_pixels: [width, height],
        pixels_per_point: ui.pixels_per_point,
    };
    let mut encoder =
        device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("ui") });
    let prepared = renderer.update_buffers(device, queue, &mut encoder, &ui.primitives, &screen);
    {
        let mut pass = encoder
            .begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("ui"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            })
            .forget_lifetime();
        renderer.render(&mut pass, &ui.primitives, &screen);
    }
    queue.submit(prepared.into_iter().chain([encoder.finish()]));
}
