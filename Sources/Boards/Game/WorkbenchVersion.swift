/// The workbench's version, written once: runs record it beside their resolved agent
/// specs, and the C interface reports it (`gb_version`; the Python package's
/// `__version__`, in python/gamebench/_version.py, is kept equal to it).
public enum WorkbenchVersion {
    /// As a static string, for C.
    public static let text: StaticString = "0.9.0"
    public static var current: String { text.description }
}
