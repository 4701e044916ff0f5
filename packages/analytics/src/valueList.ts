/** Values collected in a loop: a typed array that grows, so the loop keeps one shape. */
export interface ValueList {
  values: Float64Array;
  length: number;
}

export function valueList(): ValueList {
  return { values: new Float64Array(16), length: 0 };
}

export function pushValue(list: ValueList, value: number): void {
  if (list.length === list.values.length) {
    const bigger = new Float64Array(list.values.length * 2);
    bigger.set(list.values);
    list.values = bigger;
  }
  list.values[list.length] = value;
  list.length += 1;
}

export function valuesOf(list: ValueList): Float64Array {
  return list.values.subarray(0, list.length);
}
