//! Validation of `[[lift]]`: at least one floor, each named once among all
//! the lifts; `low`, `wait` and `speed` in range. A floor index past the
//! level's floors, or a floor standing below `low`, is a warning, and that
//! floor does not move: an edit that deletes a floor (so that the indices
//! after it name other floors) or lowers one leaves the file loadable.

use super::Builder;
use crate::level::defaults;
use crate::level::diagnostics::LevelError;
use crate::level::file::LiftTable;
use crate::level::model::{LevelFloor, Lift};

impl Builder<'_> {
    /// Every `[[lift]]` of `tables`, over `floors`.
    pub(super) fn lifts(
        &mut self,
        tables: &[LiftTable],
        floors: &[LevelFloor],
    ) -> Result<Vec<Lift>, LevelError> {
        let mut mover: Vec<Option<usize>> = vec![None; floors.len()];
        let mut lifts = Vec::with_capacity(tables.len());
        for (index, table) in tables.iter().enumerate() {
            let item = format!("lift {index}");
            let low = self.in_range(Lift::LOW, Some(&table.low), &item, "low", 0.0)?;
            let wait = self.in_range(
                Lift::WAIT,
                table.wait.as_ref(),
                &item,
                "wait",
                defaults::LIFT_WAIT,
            )?;
            let speed = self.in_range(
                Lift::SPEED,
                table.speed.as_ref(),
                &item,
                "speed",
                defaults::LIFT_SPEED,
            )?;
            if table.floors.get_ref().is_empty() {
                return Err(self.source.invalid(
                    &table.floors.span(),
                    &item,
                    "`floors` names no floor: a lift moves at least one".to_string(),
                ));
            }
            for floor in table.floors.get_ref() {
                let number = *floor.get_ref();
                let Some(moved_by) = mover.get_mut(number) else {
                    self.warn(
                        &floor.span(),
                        &item,
                        format!(
                            "floor {number} does not exist (the level has {} floors): it moves nothing",
                            floors.len()
                        ),
                    );
                    continue;
                };
                if let Some(other) = moved_by {
                    return Err(self.source.invalid(
                        &floor.span(),
                        &item,
                        format!("floor {number} already moves with lift {other}"),
                    ));
                }
                *moved_by = Some(index);
                let height = floors[number].height;
                if low > height {
                    self.warn(
                        &table.low.span(),
                        &item,
                        format!(
                            "`low` {low} m is above floor {number}'s `height` {height} m: a lift lowers, so that floor does not move"
                        ),
                    );
                }
            }
            lifts.push(Lift {
                floors: table
                    .floors
                    .get_ref()
                    .iter()
                    .map(|f| *f.get_ref())
                    .collect(),
                low,
                wait,
                speed,
            });
        }
        Ok(lifts)
    }
}
