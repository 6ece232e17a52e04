"""A duplicate coöperative event: partnership sheets whose table total is what is compared."""
