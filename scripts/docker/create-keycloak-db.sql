-- Keycloak keeps its own database beside the application's.
CREATE DATABASE keycloak OWNER opora;
