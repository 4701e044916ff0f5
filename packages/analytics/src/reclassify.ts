import type { VehicleColumns } from './vehicleColumns.ts';

/** A stored record's measures that a class is worked out from. */
export interface RecordShape {
  axles: number;
  wheelbaseM: number;
  lengthM: number;
}

/**
 * The batch with each vehicle's class worked out again from its stored measures by `classify`
 * (the other columns are the batch's own arrays), and the vehicles counted per new class.
 */
export function reclassifiedBatch(
  batch: VehicleColumns,
  classify: (vehicle: RecordShape) => number,
  countsByClass: Map<number, number>,
): VehicleColumns {
  const classIndex = new Int16Array(batch.timeMs.length);
  // One shape object, refilled per vehicle: no allocation per record.
  const shape: RecordShape = { axles: -1, wheelbaseM: Number.NaN, lengthM: Number.NaN };
  const counts = new Float64Array(256);
  for (let index = 0; index < classIndex.length; index += 1) {
    shape.axles = batch.axles[index] as number;
    shape.wheelbaseM = batch.wheelbaseM[index] as number;
    shape.lengthM = batch.lengthM[index] as number;
    const vehicleClass = classify(shape);
    classIndex[index] = vehicleClass;
    counts[vehicleClass & 255] = (counts[vehicleClass & 255] as number) + 1;
  }
  for (let vehicleClass = 0; vehicleClass < 256; vehicleClass += 1) {
    const count = counts[vehicleClass] as number;
    if (count > 0) countsByClass.set(vehicleClass, (countsByClass.get(vehicleClass) ?? 0) + count);
  }
  return { ...batch, classIndex };
}
