/* cuda2tile_pybind11.h -- hermetic, declaration-only stand-in for the part
 * of pybind11 that PyTorch extensions use to export their functions
 * (PYBIND11_MODULE, module_::def, py::arg, class_, enum_, array_t...).  Host
 * code only; nothing here is ever converted. */
#ifndef CUDA2TILE_PYBIND11_H
#define CUDA2TILE_PYBIND11_H

#include "Python.h"
#include "exception"
#include "stdexcept"
#include "string"
#include "vector"

namespace pybind11 {
using ssize_t = Py_ssize_t;
using size_t = ::size_t;

class object;
class handle {
public:
  handle() = default;
  handle(PyObject *ptr);
  PyObject *ptr() const;
  PyObject *&ptr();
  const handle &inc_ref() const &;
  const handle &dec_ref() const &;
  template <typename T> T cast() const;
  explicit operator bool() const;
  bool is_none() const;
  bool is(const handle &other) const;
  object attr(const char *key) const;
  object attr(handle key) const;
  object operator[](const char *key) const;
  object operator[](handle key) const;
  template <typename... Args> object operator()(Args &&...args) const;
  template <typename T> bool contains(T &&item) const;
};
class object : public handle {
public:
  object() = default;
  object(const object &o);
  object(object &&other) noexcept;
  ~object();
  template <typename T> object &operator=(T &&value);
  object &operator=(const object &other);
  handle release();
  template <typename T> T cast() const &;
  template <typename T> T cast() &&;
};
namespace detail {
/* what `m.attr("x")`, `m.doc()` and `obj["k"]` return */
class str_attr_accessor : public object {
public:
  template <typename T> str_attr_accessor &operator=(T &&value);
};
template <typename... Args> struct init {};
template <typename F> struct init_factory {};
} // namespace detail

class str : public object {
public:
  str();
  str(const char *c);
  str(const char *c, size_t n);
  str(const ::std::string &s);
  str(handle h);
  operator ::std::string() const;
  template <typename... Args> str format(Args &&...args) const;
};
class bytes : public object {
public:
  bytes(const char *c = "");
  bytes(const ::std::string &s);
  operator ::std::string() const;
};
class bool_ : public object {
public:
  bool_();
  bool_(bool value);
  operator bool() const;
};
class int_ : public object {
public:
  int_();
  template <typename T> int_(T value);
  template <typename T> operator T() const;
};
class float_ : public object {
public:
  float_(float value = .0f);
  float_(double value);
  operator float() const;
  operator double() const;
};
class none : public object {
public:
  none();
};
class ellipsis : public object {};
class slice : public object {
public:
  slice(ssize_t start, ssize_t stop, ssize_t step);
};
class capsule : public object {
public:
  capsule(const void *value, const char *name = nullptr,
          void (*destructor)(PyObject *) = nullptr);
  template <typename T> operator T *() const;
};
class tuple : public object {
public:
  explicit tuple(size_t size = 0);
  size_t size() const;
  bool empty() const;
  object operator[](size_t index) const;
};
class dict : public object {
public:
  dict();
  size_t size() const;
  bool empty() const;
  template <typename T> bool contains(T &&key) const;
  detail::str_attr_accessor operator[](const char *key) const;
  detail::str_attr_accessor operator[](handle key) const;
};
class sequence : public object {
public:
  size_t size() const;
  object operator[](size_t index) const;
};
class list : public object {
public:
  explicit list(size_t size = 0);
  size_t size() const;
  bool empty() const;
  object operator[](size_t index) const;
  template <typename T> void append(T &&val);
  template <typename IdxType, typename ValType>
  void insert(const IdxType &index, ValType &&val);
};
class args : public tuple {};
class kwargs : public dict {};
class iterable : public object {};
class iterator : public object {};
class function : public object {};
class cpp_function : public function {
public:
  cpp_function() = default;
  template <typename Func, typename... Extra>
  cpp_function(Func &&f, const Extra &...extra);
};
class buffer : public object {};
class memoryview : public object {};

struct buffer_info {
  void *ptr = nullptr;
  ssize_t itemsize = 0;
  ssize_t size = 0;
  ::std::string format;
  ssize_t ndim = 0;
  ::std::vector<ssize_t> shape;
  ::std::vector<ssize_t> strides;
  bool readonly = false;
  buffer_info();
  buffer_info(void *ptr, ssize_t itemsize, const ::std::string &format,
              ssize_t ndim, ::std::vector<ssize_t> shape_in,
              ::std::vector<ssize_t> strides_in, bool readonly = false);
};

class array : public buffer {
public:
  enum { c_style = 1, f_style = 2, forcecast = 16 };
  array();
  template <typename T>
  array(::std::vector<ssize_t> shape, ::std::vector<ssize_t> strides,
        const T *ptr, handle base = handle());
  template <typename T>
  array(::std::vector<ssize_t> shape, const T *ptr, handle base = handle());
  ssize_t size() const;
  ssize_t itemsize() const;
  ssize_t nbytes() const;
  ssize_t ndim() const;
  const ssize_t *shape() const;
  ssize_t shape(ssize_t dim) const;
  const ssize_t *strides() const;
  ssize_t strides(ssize_t dim) const;
  template <typename... Ix> const void *data(Ix... index) const;
  template <typename... Ix> void *mutable_data(Ix... index);
  buffer_info request(bool writable = false) const;
};
template <typename T, int ExtraFlags = array::forcecast>
class array_t : public array {
public:
  using value_type = T;
  array_t();
  array_t(::std::vector<ssize_t> shape, ::std::vector<ssize_t> strides,
          const T *ptr = nullptr, handle base = handle());
  explicit array_t(::std::vector<ssize_t> shape, const T *ptr = nullptr,
                   handle base = handle());
  explicit array_t(ssize_t count, const T *ptr = nullptr,
                   handle base = handle());
  template <typename... Ix> const T *data(Ix... index) const;
  template <typename... Ix> T *mutable_data(Ix... index);
  template <typename... Ix> const T &at(Ix... index) const;
  template <typename... Ix> T &mutable_at(Ix... index);
  template <typename... Ix> const T &operator()(Ix... index) const;
};
class dtype : public object {
public:
  explicit dtype(const ::std::string &format);
  template <typename T> static dtype of();
};

enum class return_value_policy : unsigned char {
  automatic = 0,
  automatic_reference,
  take_ownership,
  copy,
  move,
  reference,
  reference_internal
};
struct arg_v;
struct arg {
  constexpr explicit arg(const char *name = nullptr) : name(name) {}
  template <typename T> arg_v operator=(T &&value) const;
  arg &noconvert(bool flag = true);
  arg &none(bool flag = true);
  const char *name;
};
struct arg_v : arg {
  template <typename T>
  arg_v(const arg &base, T &&x, const char *descr = nullptr);
  template <typename T>
  arg_v(const char *name, T &&x, const char *descr = nullptr);
  arg_v &noconvert(bool flag = true);
  arg_v &none(bool flag = true);
};
struct kw_only {};
struct pos_only {};
struct is_method {
  handle class_;
  explicit is_method(const handle &c);
};
struct is_operator {};
struct is_final {};
struct scope {
  handle value;
  explicit scope(const handle &s);
};
struct doc {
  const char *value;
  explicit doc(const char *value);
};
struct name {
  const char *value;
  explicit name(const char *value);
};
struct sibling {
  handle value;
  explicit sibling(const handle &value);
};
template <typename T> struct base {};
template <size_t Nurse, size_t Patient> struct keep_alive {};
struct multiple_inheritance {};
struct dynamic_attr {};
struct buffer_protocol {};
struct module_local {
  const bool value;
  constexpr explicit module_local(bool v = true) : value(v) {}
};
struct arithmetic {};
struct prepend {};
template <typename... Ts> struct call_guard {};
class gil_scoped_acquire {
public:
  gil_scoped_acquire();
  ~gil_scoped_acquire();
};
class gil_scoped_release {
public:
  explicit gil_scoped_release(bool disassoc = false);
  ~gil_scoped_release();
};
class error_already_set : public ::std::exception {
public:
  error_already_set();
  const char *what() const noexcept override;
};
class builtin_exception : public ::std::runtime_error {
public:
  using ::std::runtime_error::runtime_error;
};
class stop_iteration : public builtin_exception { using builtin_exception::builtin_exception; };
class index_error : public builtin_exception { using builtin_exception::builtin_exception; };
class key_error : public builtin_exception { using builtin_exception::builtin_exception; };
class value_error : public builtin_exception { using builtin_exception::builtin_exception; };
class type_error : public builtin_exception { using builtin_exception::builtin_exception; };
class attribute_error : public builtin_exception { using builtin_exception::builtin_exception; };
class cast_error : public ::std::runtime_error { using ::std::runtime_error::runtime_error; };

class module_ : public object {
public:
  module_() = default;
  explicit module_(const char *name, const char *doc = nullptr);
  template <typename Func, typename... Extra>
  module_ &def(const char *name_, Func &&f, const Extra &...extra);
  module_ def_submodule(const char *name, const char *doc = nullptr);
  static module_ import(const char *name);
  void reload();
  void add_object(const char *name, handle obj, bool overwrite = false);
  detail::str_attr_accessor attr(const char *key) const;
  detail::str_attr_accessor doc() const;
  struct module_def {};
  static module_ create_extension_module(const char *name, const char *doc,
                                         module_def *def);
};
using module = module_;

template <typename type_, typename... options> class class_ : public object {
public:
  using type = type_;
  template <typename... Extra>
  class_(handle scope, const char *name, const Extra &...extra);
  template <typename Func, typename... Extra>
  class_ &def(const char *name_, Func &&f, const Extra &...extra);
  template <typename... Args, typename... Extra>
  class_ &def(const detail::init<Args...> &init, const Extra &...extra);
  template <typename F, typename... Extra>
  class_ &def(const detail::init_factory<F> &init, const Extra &...extra);
  template <typename Func, typename... Extra>
  class_ &def_static(const char *name_, Func &&f, const Extra &...extra);
  template <typename C, typename D, typename... Extra>
  class_ &def_readwrite(const char *name, D C::*pm, const Extra &...extra);
  template <typename C, typename D, typename... Extra>
  class_ &def_readonly(const char *name, const D C::*pm,
                       const Extra &...extra);
  template <typename D, typename... Extra>
  class_ &def_readwrite_static(const char *name, D *pm, const Extra &...extra);
  template <typename Getter, typename... Extra>
  class_ &def_property_readonly(const char *name, const Getter &fget,
                                const Extra &...extra);
  template <typename Getter, typename Setter, typename... Extra>
  class_ &def_property(const char *name, const Getter &fget,
                       const Setter &fset, const Extra &...extra);
  template <typename Func> class_ &def_buffer(Func &&func);
  detail::str_attr_accessor attr(const char *key) const;
};
template <typename Type> class enum_ : public class_<Type> {
public:
  template <typename... Extra>
  enum_(const handle &scope, const char *name, const Extra &...extra);
  enum_ &value(const char *name, Type value, const char *doc = nullptr);
  enum_ &export_values();
};
template <typename... Args> detail::init<Args...> init();
template <typename Func> detail::init_factory<Func> init(Func &&f);

template <typename T> T cast(const handle &handle);
template <typename T>
object cast(T &&value,
            return_value_policy policy = return_value_policy::automatic_reference,
            handle parent = handle());
template <typename T> T reinterpret_borrow(handle h);
template <typename T> T reinterpret_steal(handle h);
template <typename... Args> void print(Args &&...args);
template <typename T> bool isinstance(handle obj);
template <typename... Args> tuple make_tuple(Args &&...args);
inline constexpr struct {
} const_ = {};
template <typename... Args> struct overload_cast_impl {
  template <typename Return>
  constexpr auto operator()(Return (*pf)(Args...)) const noexcept
      -> decltype(pf) {
    return pf;
  }
  template <typename Return, typename Class>
  constexpr auto operator()(Return (Class::*pmf)(Args...),
                            ::std::false_type = {}) const noexcept
      -> decltype(pmf) {
    return pmf;
  }
  template <typename Return, typename Class, typename Tag>
  constexpr auto operator()(Return (Class::*pmf)(Args...) const,
                            Tag) const noexcept -> decltype(pmf) {
    return pmf;
  }
};
template <typename... Args>
static constexpr overload_cast_impl<Args...> overload_cast = {};
template <typename CppException>
void register_exception(handle scope, const char *name,
                        handle base = handle());
namespace literals {
arg operator""_a(const char *name, size_t);
}
namespace detail {
template <typename T, typename SFINAE = void> class type_caster {};
} // namespace detail
} // namespace pybind11

#define PYBIND11_CONCAT(first, second) first##second
#define PYBIND11_STRINGIFY(x) #x
#define PYBIND11_TOSTRING(x) PYBIND11_STRINGIFY(x)
#define PYBIND11_EXPORT __attribute__((visibility("default")))
#define PYBIND11_VERSION_MAJOR 2
#define PYBIND11_VERSION_MINOR 13
#define PYBIND11_VERSION_PATCH 6
/* PYBIND11_MODULE(name, m) { m.def(...); }: the braces become the body of
 * the module's init function, as in pybind11. */
#define PYBIND11_MODULE(name, variable, ...)                                   \
  static void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_ &);    \
  extern "C" PYBIND11_EXPORT PyObject *PYBIND11_CONCAT(PyInit_, name)();       \
  void PYBIND11_CONCAT(pybind11_init_, name)(::pybind11::module_ & (variable))
#define PYBIND11_MAKE_OPAQUE(...)
#define PYBIND11_DECLARE_HOLDER_TYPE(type, holder_type, ...)
#define PYBIND11_OVERRIDE(ret_type, cname, fn, ...)                            \
  return cname::fn(__VA_ARGS__)
#define PYBIND11_OVERRIDE_PURE(ret_type, cname, fn, ...) return ret_type()
#define PYBIND11_OVERLOAD(ret_type, cname, fn, ...)                            \
  PYBIND11_OVERRIDE(ret_type, cname, fn, __VA_ARGS__)
#define PYBIND11_OVERLOAD_PURE(ret_type, cname, fn, ...)                       \
  PYBIND11_OVERRIDE_PURE(ret_type, cname, fn, __VA_ARGS__)

#endif /* CUDA2TILE_PYBIND11_H */
