// The grid meter's spec moved to the meter feature area (issue 45: read whether or not
// zero export runs); the controller's modules keep importing it from here.
export * from '../meter/meter-spec';
