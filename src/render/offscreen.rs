//! Rendering to an image instead of a window: `mazewalker screenshot`, the
//! window's F12 key and the golden-image tests all come through here, and
//! through the same [`Renderer::render`] as the window.

use std::sync::Arc;

use image::RgbaImage;

use super::{FrameInput, Gpu, MapFrame, RenderQuality, Renderer, UiFrame};
use crate::collision::Collider;
use crate::level::Level;

/// The format offscreen images are rendered in.
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

/// A texture of `size` pixels in [`OFFSCREEN_FORMAT`] to render into many
/// times (timedemo, benchmarks, tests that count what is drawn); the last
/// frame can be read back ([`read_back`]).
pub fn render_target(gpu: &Gpu, label: &str, (width, height): (u32, u32)) -> wgpu::Texture {
    gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: OFFSCREEN_FORMAT,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    })
}

/// Renders one frame of `level` at `width` × `height` in
/// [`RenderQuality::FULL`] (one picture: quality over speed) and returns it.
pub fn render_to_image(
    gpu: &Gpu,
    level: &Arc<Level>,
    collider: &Arc<Collider>,
    width: u32,
    height: u32,
    frame: &FrameInput<'_>,
) -> anyhow::Result<RgbaImage> {
    let mut renderer = Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        (width, height),
        RenderQuality::FULL,
        level,
        collider,
    )?;
    capture(gpu, &mut renderer, frame)
}

/// Renders one frame with an existing renderer (its size and format) into
/// a texture and reads it back as RGBA (BGRA targets are swizzled).
pub fn capture(
    gpu: &Gpu,
    renderer: &mut Renderer,
    frame: &FrameInput<'_>,
) -> anyhow::Result<RgbaImage> {
    capture_with_map(gpu, renderer, frame, None)
}

/// [`capture`] with the top-down map (see
/// [`Renderer::render_with_map`]).
pub fn capture_with_map(
    gpu: &Gpu,
    renderer: &mut Renderer,
    frame: &FrameInput<'_>,
    map: Option<&MapFrame<'_>>,
) -> anyhow::Result<RgbaImage> {
    capture_with_ui(gpu, renderer, frame, map, None)
}

/// [`capture_with_map`] with the tool UI over it (see
/// [`Renderer::draw_ui`]): what the window shows. The UI's texture changes
/// are made, unless the window's frame made them already.
pub fn capture_with_ui(
    gpu: &Gpu,
    renderer: &mut Renderer,
    frame: &FrameInput<'_>,
    map: Option<&MapFrame<'_>>,
    ui: Option<&mut UiFrame>,
) -> anyhow::Result<RgbaImage> {
    start_capture_with_ui(gpu, renderer, frame, map, ui)?.now(gpu)
}

/// [`capture_with_ui`], without waiting for the pixels: they come when the
/// GPU has copied them ([`PendingImage::take`]).
pub fn start_capture_with_ui(
    gpu: &Gpu,
    renderer: &mut Renderer,
    frame: &FrameInput<'_>,
    map: Option<&MapFrame<'_>>,
    ui: Option<&mut UiFrame>,
) -> anyhow::Result<PendingImage> {
    let (width, height) = renderer.size();
    let target = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("offscreen"),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: renderer.format(),
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    renderer.render_with_map(gpu, &view, frame, map);
    if let Some(ui) = ui {
        renderer.draw_ui(gpu, &view, ui);
    }
    start_read_back(gpu, &target)
}

/// Reads `target` (made with `COPY_SRC`, in an RGBA or BGRA 8-bit format)
/// back as RGBA, once the work submitted before has finished. Natively the
/// pixels are there when it returns; a page cannot wait for the GPU, so
/// there it fails: use [`start_read_back`].
pub fn read_back(gpu: &Gpu, target: &wgpu::Texture) -> anyhow::Result<RgbaImage> {
    start_read_back(gpu, target)?.now(gpu)
}

/// Starts reading `target` back as [`read_back`] does, without waiting for
/// the pixels where the platform cannot wait (a page, where the browser
/// maps the buffer after the frame): they come in the [`PendingImage`].
pub fn start_read_back(gpu: &Gpu, target: &wgpu::Texture) -> anyhow::Result<PendingImage> {
    let swap_red_blue = match target.format() {
        wgpu::TextureFormat::Rgba8Unorm | wgpu::TextureFormat::Rgba8UnormSrgb => false,
        wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb => true,
        other => anyhow::bail!("cannot read back {other:?} images"),
    };
    let size = target.size();
    let (width, height) = (size.width, size.height);
    let row_bytes = 4 * width;
    let padded_row_bytes = row_bytes.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("offscreen readback"),
        size: u64::from(padded_row_bytes) * u64::from(height),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = gpu
        .device
        .create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("offscreen readback"),
        });
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture: target,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded_row_bytes),
                rows_per_image: Some(height),
            },
        },
        size,
    );
    gpu.queue.submit([encoder.finish()]);

    let (sender, receiver) = std::sync::mpsc::channel();
    let mapped = readback.clone();
    readback.map_async(wgpu::MapMode::Read, .., move |result| {
        let image = result.map_err(anyhow::Error::from).and_then(|()| {
            let pixels = mapped.get_mapped_range(..)?;
            let mut rows = Vec::with_capacity((row_bytes * height) as usize);
            for row in pixels.chunks_exact(padded_row_bytes as usize) {
                rows.extend_from_slice(&row[..row_bytes as usize]);
            }
            drop(pixels);
            mapped.unmap();
            if swap_red_blue {
                for pixel in rows.chunks_exact_mut(4) {
                    pixel.swap(0, 2);
                }
            }
            RgbaImage::from_raw(width, height, rows)
                .ok_or_else(|| anyhow::anyhow!("read back fewer pixels than {width}x{height}"))
        });
        // The pending image may have been dropped: then nobody wants it.
        let _ = sender.send(image);
    });
    // Natively this waits until the buffer is mapped, and the callback
    // above has run. A page cannot wait: on WebGPU this returns at once and
    // the browser maps the buffer later; on WebGL2 the wait times out, and
    // a later poll ([`PendingImage::take`]) finds the copy done.
    match gpu.device.poll(wgpu::PollType::wait_indefinitely()) {
        Ok(_) | Err(wgpu::PollError::Timeout) => {}
        Err(error) => return Err(error.into()),
    }
    gpu.ensure_no_device_error()?;
    Ok(PendingImage { receiver })
}

/// A texture being read back ([`start_read_back`]): its pixels once the
/// GPU has copied them.
#[derive(Debug)]
pub struct PendingImage {
    receiver: std::sync::mpsc::Receiver<anyhow::Result<RgbaImage>>,
}

impl PendingImage {
    /// The pixels, or why there are none, once the copy is done (`gpu`,
    /// the device that copies, is asked without waiting); `None` while it
    /// is not. Taken once.
    pub fn take(&self, gpu: &Gpu) -> Option<anyhow::Result<RgbaImage>> {
        if let Err(error) = gpu.device.poll(wgpu::PollType::Poll) {
            return Some(Err(error.into()));
        }
        match self.receiver.try_recv() {
            Ok(image) => Some(image),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Some(Err(anyhow::anyhow!("the read back ended without pixels")))
            }
        }
    }

    /// The pixels now: an error where the copy is not done yet.
    fn now(&self, gpu: &Gpu) -> anyhow::Result<RgbaImage> {
        self.take(gpu)
            .unwrap_or_else(|| Err(anyhow::anyhow!("the GPU has not copied the image yet")))
    }
}
