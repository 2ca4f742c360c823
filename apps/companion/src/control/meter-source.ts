// The meter's reader moved to the meter feature area (issue 45), shared by the controller
// and the energy recorder; the controller's modules keep importing it from here.
export * from '../meter/meter-source';
