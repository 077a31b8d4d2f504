#pragma once

#include <limits>
#include <string>
#include <unordered_map>

// How group_reduce combines the values of a group, chosen by name at run time and dispatched to a
// kernel instantiated per combination (pytorch_scatter's reduction dispatch is written the same way).
enum class Combine { Add, Prod, Largest, Smallest };

const std::unordered_map<std::string, Combine> kCombineByName = {
    {"add", Combine::Add},
    {"prod", Combine::Prod},
    {"max", Combine::Largest},
    {"min", Combine::Smallest},
};

#define DISPATCH_COMBINE(name, ...)                                            \
  [&] {                                                                        \
    switch (kCombineByName.at(name)) {                                         \
    case Combine::Add: {                                                       \
      static constexpr Combine HOW = Combine::Add;                             \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case Combine::Prod: {                                                      \
      static constexpr Combine HOW = Combine::Prod;                            \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case Combine::Largest: {                                                   \
      static constexpr Combine HOW = Combine::Largest;                         \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    case Combine::Smallest: {                                                  \
      static constexpr Combine HOW = Combine::Smallest;                        \
      return __VA_ARGS__();                                                    \
    }                                                                          \
    }                                                                          \
  }()

template <typename T, Combine HOW> struct Combiner {
  // the value a group with no element keeps
  static inline __host__ __device__ T identity() {
    if (HOW == Combine::Prod)
      return (T)1;
    else if (HOW == Combine::Largest)
      return std::numeric_limits<T>::lowest();
    else if (HOW == Combine::Smallest)
      return std::numeric_limits<T>::max();
    return (T)0;
  }

  static inline __host__ __device__ T apply(T acc, T value) {
    if (HOW == Combine::Add)
      return acc + value;
    if (HOW == Combine::Prod)
      return acc * value;
    if (HOW == Combine::Largest)
      return value > acc ? value : acc;
    return value < acc ? value : acc;
  }
};
