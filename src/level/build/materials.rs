//! Materials: the level's `[[material]]` tables declared beside the
//! builtin ones, and an item's `material` key resolved to one, with a
//! suggestion when the name is misspelt.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use toml::Spanned;

use super::Builder;
use crate::level::defaults;
use crate::level::diagnostics::{LevelError, did_you_mean};
use crate::level::file::{MaterialTable, RepeatSize};
use crate::level::model::{Material, MaterialId, TextureSource, builtin_material_id};
use crate::level::range::ValueRange;
use crate::level::texture::{builtin_texture, probe_texture_file};

impl Builder<'_> {
    /// The material called `name`, or an error with a suggestion.
    pub(super) fn material(
        &self,
        name: &Spanned<String>,
        item: &str,
    ) -> Result<MaterialId, LevelError> {
        if let Some(index) = self
            .materials
            .iter()
            .position(|material| &material.name == name.get_ref())
        {
            return Ok(MaterialId::at(index));
        }
        let names = self.materials.iter().map(|material| material.name.as_str());
        let hint = match did_you_mean(name.get_ref(), names) {
            Some(suggestion) => format!("did you mean `{suggestion}`?"),
            None => format!(
                "known materials: {}",
                self.materials
                    .iter()
                    .map(|material| format!("`{}`", material.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        Err(self.source.invalid(
            &name.span(),
            item,
            format!("unknown material `{}`; {hint}", name.get_ref()),
        ))
    }

    /// The material called `name`, or the builtin material called
    /// `default` when the key is left out.
    pub(super) fn material_or(
        &self,
        name: Option<&Spanned<String>>,
        item: &str,
        default: &str,
    ) -> Result<MaterialId, LevelError> {
        match name {
            Some(name) => self.material(name, item),
            None => Ok(builtin_material_id(&self.materials, default)),
        }
    }

    /// The material called `name`, or `default` when absent.
    pub(super) fn material_or_id(
        &self,
        name: Option<&Spanned<String>>,
        item: &str,
        default: MaterialId,
    ) -> Result<MaterialId, LevelError> {
        name.map_or(Ok(default), |name| self.material(name, item))
    }

    /// Adds (or, for a builtin's name, replaces) every `[[material]]`.
    pub(super) fn declare_materials(
        &mut self,
        tables: &[MaterialTable],
        base_directory: &Path,
    ) -> Result<(), LevelError> {
        let mut declared_at: HashMap<&str, usize> = HashMap::new();
        for (index, table) in tables.iter().enumerate() {
            let item = format!("material {index}");
            let name = table.name.get_ref();
            if name.trim().is_empty() {
                return Err(self.source.invalid(
                    &table.name.span(),
                    &item,
                    "the name is empty".into(),
                ));
            }
            if let Some(first) = declared_at.insert(name, index) {
                return Err(self.source.invalid(
                    &table.name.span(),
                    &item,
                    format!("material `{name}` is already declared by material {first}"),
                ));
            }
            let (texture, default_repeat) =
                self.material_texture(table, name, &item, base_directory)?;
            let material = Material {
                name: name.clone(),
                texture,
                metres_per_repeat: self.repeat_size(
                    table.metres_per_repeat.as_ref(),
                    &item,
                    Vec2::splat(default_repeat),
                )?,
            };
            match self
                .materials
                .iter_mut()
                .find(|existing| existing.name == *name)
            {
                Some(existing) => *existing = material,
                None => self.materials.push(material),
            }
        }
        Ok(())
    }

    /// A material's `metres_per_repeat`: one number for both axes or
    /// `[along, down]`, each above 0; `default` when absent.
    fn repeat_size(
        &self,
        value: Option<&Spanned<RepeatSize>>,
        item: &str,
        default: Vec2,
    ) -> Result<Vec2, LevelError> {
        const KEY: &str = "metres_per_repeat";
        let Some(value) = value else {
            return Ok(default);
        };
        let span = value.span();
        let size = match value.get_ref() {
            RepeatSize::Both(number) => Vec2::splat(*number),
            RepeatSize::Each(numbers) => {
                Vec2::from_array(self.numbers::<2>(numbers, &span, item, KEY)?)
            }
        };
        for (axis, metres) in [("along", size.x), ("down", size.y)] {
            if let Some(problem) = ValueRange::Positive.problem(KEY, metres) {
                let problem = match value.get_ref() {
                    RepeatSize::Both(_) => problem,
                    RepeatSize::Each(_) => format!("{problem} ({axis})"),
                };
                return Err(self.source.invalid(&span, item, problem));
            }
        }
        Ok(size)
    }

    /// Where material `name`'s texture comes from (its `file`, held in
    /// memory or on disk, or its `builtin`, exactly one of them), and the
    /// metres per repeat it has unless the table says otherwise. A file
    /// that cannot be read is a warning: it shows as a checkerboard.
    fn material_texture(
        &mut self,
        table: &MaterialTable,
        name: &str,
        item: &str,
        base_directory: &Path,
    ) -> Result<(TextureSource, f32), LevelError> {
        match (&table.file, &table.builtin) {
            (Some(file), None) => {
                if let Some(image) = self.pictures.get(file.get_ref()) {
                    let texture = TextureSource::InMemory {
                        file: file.get_ref().into(),
                        image: Arc::clone(image),
                    };
                    return Ok((texture, defaults::FILE_METRES_PER_REPEAT));
                }
                let path = base_directory.join(file.get_ref());
                if let Err(reason) = probe_texture_file(&path) {
                    self.warn(
                        &file.span(),
                        &format!("material `{name}`"),
                        format!("{reason}; it will show as a checkerboard"),
                    );
                }
                Ok((TextureSource::File(path), defaults::FILE_METRES_PER_REPEAT))
            }
            (None, Some(builtin)) => match builtin_texture(builtin.get_ref()) {
                Some(texture) => Ok((
                    TextureSource::Builtin(texture.name.into()),
                    texture.metres_per_repeat,
                )),
                None => {
                    let names = crate::level::texture::BUILTIN_TEXTURES
                        .iter()
                        .map(|texture| texture.name);
                    let hint = did_you_mean(builtin.get_ref(), names)
                        .map_or(String::new(), |suggestion| {
                            format!("; did you mean `{suggestion}`?")
                        });
                    Err(self.source.invalid(
                        &builtin.span(),
                        item,
                        format!("there is no builtin texture `{}`{hint}", builtin.get_ref()),
                    ))
                }
            },
            _ => Err(self.source.invalid(
                &table.name.span(),
                item,
                "give exactly one of `file` (an image path) or `builtin` (a builtin texture name)"
                    .into(),
            )),
        }
    }
}
