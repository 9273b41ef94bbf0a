//! Several edits made as one step ([`Edit::Together`]): made in order, each
//! checked on the level the ones before it left, and undone last first.
//! When one of them is refused, those made before it are taken back, so
//! that the step is made whole or not at all.

use super::{AppliedEdit, Edit, EditError, Undo};
use crate::level::Level;
use crate::level::save::LevelDocument;

/// Makes `edits` in order as one applied edit, showing `record` each single
/// edit as it is made. When one is refused, those made before it are
/// undone, last first, and its error is returned.
pub(super) fn apply_together(
    edits: Vec<Edit>,
    level: &mut Level,
    document: &mut LevelDocument,
    record: &mut dyn FnMut(&Edit, &Level),
) -> Result<AppliedEdit, EditError> {
    let mut made: Vec<AppliedEdit> = Vec::with_capacity(edits.len());
    for edit in edits {
        match edit.apply_recording(level, document, record) {
            Ok(applied) => made.push(applied),
            Err(error) => {
                for applied in made.into_iter().rev() {
                    // Undoing what was just made, last first, cannot fail.
                    let _ = applied.revert(level, document);
                }
                return Err(error);
            }
        }
    }
    let edits = made.iter().map(|applied| applied.edit().clone()).collect();
    Ok(AppliedEdit {
        edit: Edit::Together { edits },
        undo: Undo::Together(made),
    })
}

/// Undoes edits made together, last first, showing `record` the edit that
/// undoes each as it is undone. When one cannot be undone, those undone
/// are made again, and its error is returned.
pub(super) fn revert_together(
    made: Vec<AppliedEdit>,
    level: &mut Level,
    document: &mut LevelDocument,
    record: &mut dyn FnMut(&Edit, &Level),
) -> Result<(), EditError> {
    let mut undone: Vec<Edit> = Vec::with_capacity(made.len());
    for applied in made.into_iter().rev() {
        match applied.revert_recording(level, document, record) {
            Ok(edit) => undone.push(edit),
            Err(error) => {
                for edit in undone.into_iter().rev() {
                    // Making again what was just undone, in order, cannot
                    // fail.
                    let _ = edit.apply(level, document);
                }
                return Err(error);
            }
        }
    }
    Ok(())
}
