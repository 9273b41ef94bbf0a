//! GPU uploads: material images with a full mip chain, the per-size render
//! targets (multisampled colour, depth), and vertex buffers checked against
//! the device's limits.

use image::RgbaImage;
use image::imageops::FilterType;

/// Uploads `image` as an sRGB texture with every mip level down to 1×1,
/// each level a filtered half of the one above (so distant walls and the
/// floor at grazing angles do not shimmer).
pub fn upload_with_mipmaps(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    label: &str,
    image: &RgbaImage,
) -> wgpu::Texture {
    let levels = mip_chain(image);
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: image.width(),
            height: image.height(),
            depth_or_array_layers: 1,
        },
        mip_level_count: levels.len() as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8UnormSrgb,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (mip_level, level) in levels.iter().enumerate() {
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip_level as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            level.as_raw(),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(4 * level.width()),
                rows_per_image: Some(level.height()),
            },
            wgpu::Extent3d {
                width: level.width(),
                height: level.height(),
                depth_or_array_layers: 1,
            },
        );
    }
    texture
}

/// `image` and its successive halvings down to 1×1 (odd sizes round down,
/// never below 1).
fn mip_chain(image: &RgbaImage) -> Vec<RgbaImage> {
    let mut levels = vec![image.clone()];
    while let Some(last) = levels.last() {
        if last.width() == 1 && last.height() == 1 {
            break;
        }
        let width = (last.width() / 2).max(1);
        let height = (last.height() / 2).max(1);
        let next = image::imageops::resize(last, width, height, FilterType::Triangle);
        levels.push(next);
    }
    levels
}

/// A render-target texture of the given size, format and sample count,
/// with its default view.
pub fn render_target(
    device: &wgpu::Device,
    label: &str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
    sample_count: u32,
) -> wgpu::TextureView {
    let usage = wgpu::TextureUsages::RENDER_ATTACHMENT;
    render_target_for(device, label, size, format, sample_count, usage)
}

/// A render-target texture like [`render_target`]'s, for `usage` (which
/// includes `RENDER_ATTACHMENT`; with `TEXTURE_BINDING` a later pass reads
/// it), with its default view.
pub fn render_target_for(
    device: &wgpu::Device,
    label: &str,
    (width, height): (u32, u32),
    format: wgpu::TextureFormat,
    sample_count: u32,
    usage: wgpu::TextureUsages,
) -> wgpu::TextureView {
    device
        .create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: width.max(1),
                height: height.max(1),
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage,
            view_formats: &[],
        })
        .create_view(&wgpu::TextureViewDescriptor::default())
}

/// A buffer holding `contents`, refused with a clear error (instead of a
/// wgpu validation panic) when it exceeds the device's largest buffer.
pub fn create_buffer(
    device: &wgpu::Device,
    label: &str,
    contents: &[u8],
    usage: wgpu::BufferUsages,
) -> anyhow::Result<wgpu::Buffer> {
    check_buffer_size(
        label,
        contents.len() as u64,
        device.limits().max_buffer_size,
    )?;
    Ok(wgpu::util::DeviceExt::create_buffer_init(
        device,
        &wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents,
            usage,
        },
    ))
}

/// Refuses a buffer of `size` bytes beyond the device's `limit`, naming it.
fn check_buffer_size(label: &str, size: u64, limit: u64) -> anyhow::Result<()> {
    if size > limit {
        anyhow::bail!(
            "the level is too large for this GPU: its {label} need {} MB, more than the largest buffer the device allows ({} MB)",
            size.div_ceil(1 << 20),
            limit >> 20
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn mip_chain_halves_down_to_one_pixel() {
        let image = RgbaImage::from_pixel(256, 64, Rgba([10, 20, 30, 255]));
        let sizes: Vec<(u32, u32)> = mip_chain(&image)
            .iter()
            .map(|level| level.dimensions())
            .collect();
        assert_eq!(sizes.len(), 9);
        assert_eq!(sizes[0], (256, 64));
        assert_eq!(sizes[2], (64, 16));
        assert_eq!(sizes[6], (4, 1));
        assert_eq!(sizes[8], (1, 1));
    }

    #[test]
    fn mip_levels_average_the_level_above() {
        let image = RgbaImage::from_fn(4, 4, |x, _| {
            if x % 2 == 0 {
                Rgba([0, 0, 0, 255])
            } else {
                Rgba([200, 200, 200, 255])
            }
        });
        let smallest = mip_chain(&image).pop().expect("at least one level");
        let value = smallest.get_pixel(0, 0)[0];
        assert!((90..=110).contains(&value), "1x1 level is {value}");
    }

    #[test]
    fn buffers_beyond_the_device_limit_are_refused_with_both_sizes() {
        let limit = 256 << 20;
        assert!(check_buffer_size("debug lines", limit, limit).is_ok());
        let error = check_buffer_size("debug lines", 580 << 20, limit)
            .expect_err("too large")
            .to_string();
        assert!(
            error.contains("debug lines") && error.contains("580 MB") && error.contains("256 MB"),
            "{error}"
        );
    }
}
