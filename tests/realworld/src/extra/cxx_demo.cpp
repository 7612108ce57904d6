// C++ with exceptions, templates, virtual calls and RAII (real-toolchain
// SFrame corpus): landing pads, cold partitions (.text.unlikely), COMDAT
// template instances, and a function ending in __builtin_unreachable.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace demo {
struct Shape {
    virtual ~Shape() = default;
    virtual double area() const = 0;
};
struct Sq : Shape {
    double s;
    explicit Sq(double v) : s(v) { if (v < 0) throw std::invalid_argument("negative"); }
    double area() const override { return s * s; }
};
template <typename T, int N> T poly(T x) {
    T r = 0;
    for (int i = 0; i < N; ++i) r = r * x + T(i + 1);
    return r;
}
template <typename K> struct Counter {
    std::map<K, int> m;
    void add(const K &k) { ++m[k]; }
    int get(const K &k) const {
        auto it = m.find(k);
        if (it == m.end()) throw std::out_of_range("missing");
        return it->second;
    }
};
}  // namespace demo

extern "C" int cxx_entry(int n) {
    std::vector<std::unique_ptr<demo::Shape>> v;
    int caught = 0;
    for (int i = -2; i < n; ++i) {
        try {
            v.push_back(std::make_unique<demo::Sq>(i));
        } catch (const std::invalid_argument &) {
            ++caught;
        }
    }
    demo::Counter<std::string> c;
    c.add("a"); c.add("b"); c.add("a");
    try {
        caught += c.get("zz");
    } catch (const std::out_of_range &) {
        caught += 10;
    }
    double t = 0;
    for (auto &s : v) t += s->area();
    return caught + int(t) + demo::poly<int, 5>(n) + int(demo::poly<double, 3>(1.5));
}

[[noreturn]] void cxx_die(int x) {
    if (x) throw std::runtime_error("die");
    __builtin_unreachable();
}

int main(int argc, char **) {
    try {
        if (argc > 5) cxx_die(argc);
    } catch (...) {
        return 1;
    }
    return cxx_entry(argc + 3) & 0x7f;
}
