export default function ProductionPrint() {
  return null;
}
