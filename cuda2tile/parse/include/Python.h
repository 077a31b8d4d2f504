/* Python.h stand-in (cuda2tile): the few CPython C-API declarations PyTorch
 * extensions use (module init functions, PyObject).  Host code only,
 * declaration-only. */
#ifndef CUDA2TILE_PYTHON_H
#define CUDA2TILE_PYTHON_H
#include "cuda2tile_prelude.h"
#define PY_MAJOR_VERSION 3
#define PY_MINOR_VERSION 11
#define PY_VERSION_HEX 0x030B00F0
#define PYTHON_API_VERSION 1013
extern "C" {
typedef ptrdiff_t Py_ssize_t;
typedef Py_ssize_t Py_hash_t;
struct _typeobject;
typedef struct _object {
  Py_ssize_t ob_refcnt;
  struct _typeobject *ob_type;
} PyObject;
typedef struct _typeobject PyTypeObject;
typedef PyObject *(*PyCFunction)(PyObject *, PyObject *);
typedef struct PyMethodDef {
  const char *ml_name;
  PyCFunction ml_meth;
  int ml_flags;
  const char *ml_doc;
} PyMethodDef;
#define METH_VARARGS 0x0001
#define METH_KEYWORDS 0x0002
#define METH_NOARGS 0x0004
#define METH_O 0x0008
typedef struct PyModuleDef_Base {
  PyObject ob_base;
  PyObject *(*m_init)(void);
  Py_ssize_t m_index;
  PyObject *m_copy;
} PyModuleDef_Base;
#define PyObject_HEAD_INIT(type) {1, type},
#define PyModuleDef_HEAD_INIT {PyObject_HEAD_INIT(NULL) NULL, 0, NULL}
struct PyModuleDef_Slot;
typedef int (*visitproc)(PyObject *, void *);
typedef struct PyModuleDef {
  PyModuleDef_Base m_base;
  const char *m_name;
  const char *m_doc;
  Py_ssize_t m_size;
  PyMethodDef *m_methods;
  struct PyModuleDef_Slot *m_slots;
  int (*m_traverse)(PyObject *, visitproc, void *);
  int (*m_clear)(PyObject *);
  void (*m_free)(void *);
} PyModuleDef;
#define PyMODINIT_FUNC extern "C" PyObject *
PyObject *PyModule_Create2(struct PyModuleDef *def, int apiver);
#define PyModule_Create(module) PyModule_Create2(module, PYTHON_API_VERSION)
PyObject *PyModule_New(const char *name);
int PyModule_AddObject(PyObject *mod, const char *name, PyObject *value);
PyObject *PyImport_ImportModule(const char *name);
PyObject *PyObject_GetAttrString(PyObject *o, const char *attr_name);
PyObject *PyObject_CallObject(PyObject *callable, PyObject *args);
PyObject *Py_BuildValue(const char *format, ...);
int PyArg_ParseTuple(PyObject *args, const char *format, ...);
PyObject *PyLong_FromLong(long v);
long PyLong_AsLong(PyObject *obj);
PyObject *PyFloat_FromDouble(double v);
double PyFloat_AsDouble(PyObject *obj);
PyObject *PyUnicode_FromString(const char *u);
void PyErr_SetString(PyObject *type, const char *message);
PyObject *PyErr_Occurred(void);
void Py_IncRef(PyObject *o);
void Py_DecRef(PyObject *o);
extern PyObject _Py_NoneStruct;
extern PyObject *PyExc_RuntimeError;
extern PyObject *PyExc_ValueError;
extern PyObject *PyExc_TypeError;
}
#define Py_None (&_Py_NoneStruct)
#define Py_INCREF(op) Py_IncRef((PyObject *)(op))
#define Py_DECREF(op) Py_DecRef((PyObject *)(op))
#define Py_XINCREF(op) Py_IncRef((PyObject *)(op))
#define Py_XDECREF(op) Py_DecRef((PyObject *)(op))
#define Py_RETURN_NONE return Py_INCREF(Py_None), Py_None
#endif
