@main
struct FSearch {
    static func main() {
        print("usage: fsearch [QUERY...] [--file PATH | --store DIR]")
    }
}
