/** The shape of a translation: the same keys as the Thai original, any string values. */
export type Resource<T> = { [K in keyof T]: T[K] extends string ? string : Resource<T[K]> };
